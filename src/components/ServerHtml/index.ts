export { ServerHtml } from "./ServerHtml";
