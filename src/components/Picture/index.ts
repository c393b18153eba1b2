export { Picture, type ContentImage } from "./Picture";
