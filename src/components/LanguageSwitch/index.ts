export { LanguageSwitch, type LanguageLink } from "./LanguageSwitch";
