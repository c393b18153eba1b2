// The request-for-quote form's rules, in one place: the page's script checks as the
// visitor types and the enquiry service (server/enquiry/) checks again with the same
// code. Plain TypeScript (no React, no Node), small enough for the page's bundle.
// The words a visitor reads for each problem are content (content/enquiry.yaml › problems).
import { EMAIL, PHONE } from "../schema/patterns";

/** Where the form is posted (nginx passes it to the enquiry service). */
export const ENQUIRY_API = "/api/enquiry";
/** The largest drawing accepted, exactly; nginx refuses bodies a little larger than this. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILE_LABEL = `${MAX_FILE_BYTES / 1024 / 1024} MB`;
/** The form's file field. */
export const FILE_FIELD = "drawing";
/** Filled only by robots: visitors never see it (hidden from eyes, keys, screen readers, autofill). */
export const HONEYPOT_FIELD = "website";
/** A random token the page's script adds, so a double click or a retry makes one enquiry. */
export const TOKEN_FIELD = "token";
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** The page the buyer was on before the form (a path of this site), which the page's script adds. */
export const PAGE_FIELD = "page";
export const PAGE_PATTERN = /^\/(?!\/)[\x21-\x7e]{0,199}$/;
/** The service choice for "not sure / other". */
export const OTHER_SERVICE = "other";

export type FieldName =
  | "name"
  | "company"
  | "email"
  | "phone"
  | "service"
  | "material"
  | "quantity"
  | "partSize"
  | "message"
  | "consent";

export interface FieldRule {
  name: FieldName;
  required: boolean;
  /** Characters; the page's inputs carry it as maxlength too. */
  maxLength: number;
  /** Only the message may hold line breaks. */
  multiline?: boolean;
  format?: "email" | "phone";
  /** The browser's autofill token. */
  autocomplete?: string;
  input: "text" | "email" | "tel" | "textarea" | "select" | "checkbox";
}

/** The form's fields, in the order the page shows them. */
export const FIELDS: readonly FieldRule[] = [
  { name: "name", required: true, maxLength: 100, autocomplete: "name", input: "text" },
  { name: "company", required: false, maxLength: 120, autocomplete: "organization", input: "text" },
  { name: "email", required: true, maxLength: 254, format: "email", autocomplete: "email", input: "email" },
  { name: "phone", required: false, maxLength: 40, format: "phone", autocomplete: "tel", input: "tel" },
  { name: "service", required: true, maxLength: 100, input: "select" },
  { name: "material", required: false, maxLength: 200, autocomplete: "off", input: "text" },
  { name: "quantity", required: false, maxLength: 200, autocomplete: "off", input: "text" },
  { name: "partSize", required: false, maxLength: 200, autocomplete: "off", input: "text" },
  { name: "message", required: true, maxLength: 5000, multiline: true, autocomplete: "off", input: "textarea" },
  { name: "consent", required: true, maxLength: 10, input: "checkbox" },
];

export type Problem =
  | "required"
  | "email"
  | "phone"
  | "tooLong"
  | "oneLine"
  | "choice"
  | "consent"
  | "fileType"
  | "fileSize"
  | "fileContent";

export type Problems = Partial<Record<FieldName | typeof FILE_FIELD, Problem>>;

const email = new RegExp(EMAIL.regex);
const phone = new RegExp(PHONE.regex);

/** One field's problem, or null; `choices` are the services' slugs (and "other"). */
export function checkField(rule: FieldRule, raw: string | undefined, choices: readonly string[]): Problem | null {
  const value = (raw ?? "").trim();
  if (!value) return rule.required ? (rule.input === "checkbox" ? "consent" : "required") : null;
  if (value.length > rule.maxLength) return "tooLong";
  if (!rule.multiline && /[\r\n]/.test(raw ?? "")) return "oneLine";
  if (rule.format === "email" && !email.test(value)) return "email";
  if (rule.format === "phone" && !phone.test(value)) return "phone";
  if (rule.input === "select" && !choices.includes(value)) return "choice";
  return null;
}

/** Every field's problem (none when the form may be sent). */
export function checkFields(values: Partial<Record<string, string>>, choices: readonly string[]): Problems {
  const problems: Problems = {};
  for (const rule of FIELDS) {
    const problem = checkField(rule, values[rule.name], choices);
    if (problem) problems[rule.name] = problem;
  }
  return problems;
}

// ---- The drawing: its name says its format, and its first bytes must agree.

export type FileFormat = "pdf" | "dxf" | "dwg" | "step" | "iges" | "jpeg" | "png";

const EXTENSIONS: Record<string, FileFormat> = {
  pdf: "pdf",
  dxf: "dxf",
  dwg: "dwg",
  step: "step",
  stp: "step",
  iges: "iges",
  igs: "iges",
  jpg: "jpeg",
  jpeg: "jpeg",
  png: "png",
};

/** For the file input's accept attribute. */
export const ACCEPT = Object.keys(EXTENSIONS)
  .map((extension) => `.${extension}`)
  .join(",");

/** The MIME type each format is attached with. */
export const MIME_TYPES: Record<FileFormat, string> = {
  pdf: "application/pdf",
  dxf: "image/vnd.dxf",
  dwg: "image/vnd.dwg",
  step: "model/step",
  iges: "model/iges",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** How many leading bytes `checkFile` needs to see. */
export const SIGNATURE_BYTES = 512;

export function formatOf(fileName: string): FileFormat | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return (extension && EXTENSIONS[extension]) || null;
}

const ascii = (head: Uint8Array) => String.fromCharCode(...head);
const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((byte, i) => head[i] === byte);

/** Whether the first bytes of a file are what its format says. */
export function hasSignature(format: FileFormat, head: Uint8Array): boolean {
  const text = ascii(head);
  switch (format) {
    case "pdf":
      return text.startsWith("%PDF-");
    case "png":
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case "jpeg":
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case "dwg":
      return /^AC10\d\d/.test(text);
    case "step":
      return /^\s*ISO-10303-21;/.test(text);
    case "dxf": {
      if (text.startsWith("AutoCAD Binary DXF\r\n\x1a\0")) return true;
      // ASCII: group code 0 then SECTION, after any 999 comment groups.
      const lines = text.split(/\r?\n/).map((line) => line.trim());
      let at = 0;
      while (lines[at] === "999") at += 2;
      return lines[at] === "0" && lines[at + 1] === "SECTION";
    }
    case "iges": {
      // Fixed 80-column records; column 73 names the section: the first is Start (S),
      // or a compressed file's C.
      const first = text.split(/\r?\n/)[0] ?? "";
      return first.length >= 73 && (first[72] === "S" || first[72] === "C");
    }
  }
}

/** The drawing's problem, or null; `head` is at least its first SIGNATURE_BYTES bytes. */
export function checkFile(fileName: string, size: number, head: Uint8Array): Problem | null {
  const format = formatOf(fileName);
  if (!format) return "fileType";
  if (size > MAX_FILE_BYTES) return "fileSize";
  return hasSignature(format, head) ? null : "fileContent";
}

/** A problem's words from content, its placeholders filled. */
export function problemText(words: Record<Problem, string>, problem: Problem, rule?: FieldRule): string {
  return words[problem].replace("{max}", problem === "fileSize" ? MAX_FILE_LABEL : String(rule?.maxLength ?? ""));
}
