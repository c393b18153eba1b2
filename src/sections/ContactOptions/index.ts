export { ContactOptions, whatsappHref, type ContactOptionsProps } from "./ContactOptions";
