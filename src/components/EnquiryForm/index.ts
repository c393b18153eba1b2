export { EnquiryForm, type EnquiryFormProps, type EnquiryWords } from "./EnquiryForm";
