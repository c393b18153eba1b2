export { SmartLink } from "./SmartLink";
