export { EnquiryForm, type EnquiryFormProps, type EnquiryWords } from "./EnquiryForm";
export { fieldId } from "./Field";
