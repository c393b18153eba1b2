// The contract between the site and the server, for content: what the editor's guard and
// backend (server/editor/) and the publisher (server/publisher/) take from the site, so that
// a staff member's change is checked and described by the build's own rules and words.
// server/ imports src/ only through src/contract/ (the lint holds it): a name the server
// needs is added here, where a reader of the site sees what the server relies on.
export { loadContent } from "../schema/load";
export { formatProblems, formatWarning, type ContentReport } from "../schema/report";
export { contentFiles } from "../schema/content";
export { LANGUAGES, type Language } from "../schema/languages";
export { changeWords, describeChanges } from "../schema/describe";
export type { ObjectField } from "../schema/fields";
export { imageDimensions } from "../schema/fileFacts";
export {
  FILE_KINDS,
  HEAD_BYTES,
  extensionOf,
  fileProblem,
  kindOfWidget,
  megabytes,
  type FileKindName,
} from "../schema/files";
export { today } from "../schema/expiry";
export { cmsConfig, LOCAL_BACKEND_PORT } from "../cms/config";
/** The published address: the operator's SITE_URL, which the publisher gives each build. */
export { SITE_URL_PATTERN, publishedAddress } from "../schema/siteAddress";
/** The file the build leaves its inline scripts' hashes in, which the publisher checks. */
export { INLINE_FILE } from "../build/finishPages";
