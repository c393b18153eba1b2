export { ContactOptions, type ContactOptionsProps } from "./ContactOptions";
