export { Navbar, type NavbarProps } from "./Navbar";
export type { NavItem, NavLink } from "./types";
