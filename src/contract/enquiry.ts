// The contract between the site and the server, for the quote form: the form's fields,
// limits and words (src/enquiry/rules.ts), which the page's script and the enquiry service
// (server/enquiry/) both apply, and the pages the service fills (src/enquiry/pages.ts).
// server/ imports src/ only through src/contract/ (the lint holds it).
export {
  ANSWER_SEPARATOR,
  BEFORE_QUESTIONS,
  ENQUIRY_API,
  FILE_FIELD,
  HONEYPOT_FIELD,
  LANGUAGE_FIELD,
  MAX_FILES,
  MAX_FILES_BYTES,
  MIME_TYPES,
  PAGE_FIELD,
  PAGE_PATTERN,
  SIGNATURE_BYTES,
  TOKEN_FIELD,
  TOKEN_PATTERN,
  checkFields,
  checkFiles,
  fieldId,
  formFields,
  formatOf,
  problemLine,
  problemText,
  questionFields,
  valueFields,
  type Problems,
} from "../enquiry/rules";
export {
  ESTIMATE_NOTE_ID,
  NOTICES,
  REFERENCE_ID,
  SETTINGS_FILE,
  SUMMARY_ID,
  noticePath,
  type EnquirySettings,
  type Notice,
  type TranslatedSettings,
} from "../enquiry/pages";
export { FIELD_PLACES, FIXED_NAMES, placedIn, staffLines, type Place, type StaffLine } from "../enquiry/places";
export { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from "../schema/languages";
/** The e-mail address pattern the content's fields use; the operator's settings are held to it too. */
export { EMAIL } from "../schema/patterns";
