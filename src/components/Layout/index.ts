export { Layout, type LayoutProps } from "./Layout";
