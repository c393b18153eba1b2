export { SmartLink, samePath } from "./SmartLink";
