export { PageHead } from "./PageHead";
