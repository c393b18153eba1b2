// The request-for-quote form's rules, in one place: the page's script checks as the
// visitor types and the enquiry service (server/enquiry/) checks again with the same
// code. Plain TypeScript (no React, no Node), small enough for the page's bundle.
// The words a visitor reads for each problem are content (content/enquiry.yaml › problems).
import { EMAIL, PHONE } from "../schema/patterns";

/** Where the form is posted (nginx passes it to the enquiry service). */
export const ENQUIRY_API = "/api/enquiry";
/**
 * Where the page posts the form: this site, or the server's own address when the pages
 * are served from a CDN (GATSBY_SERVER_URL, which the publisher sets with the mirror on):
 * the form stays on the server.
 */
export const ENQUIRY_URL = `${(process.env.GATSBY_SERVER_URL ?? "").replace(/\/+$/, "")}${ENQUIRY_API}`;
/** The most files one enquiry carries: a drawing, a specification, a few photos. */
export const MAX_FILES = 5;
/** The files' bytes together, exactly; nginx refuses bodies a little larger than this. */
export const MAX_FILES_BYTES = 20 * 1024 * 1024;
export const MAX_FILES_LABEL = `${MAX_FILES_BYTES / 1024 / 1024} MB`;
/** The form's file field (its name from when it took one drawing). */
export const FILE_FIELD = "drawing";
/** Filled only by robots: visitors never see it (hidden from eyes, keys, screen readers, autofill). */
export const HONEYPOT_FIELD = "website";
/** A random token the page's script adds, so a double click or a retry makes one enquiry. */
export const TOKEN_FIELD = "token";
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** The page the buyer was on before the form (a path of this site), which the page's script adds. */
export const PAGE_FIELD = "page";
/** A translated form's language ("de"); the English form sends none. */
export const LANGUAGE_FIELD = "language";
export const PAGE_PATTERN = /^\/(?!\/)[\x21-\x7e]{0,199}$/;
/** The service choice for "not sure / other". */
export const OTHER_SERVICE = "other";

/** How a buyer answers a question content adds (content/enquiry.yaml › form › questions). */
export const QUESTION_KINDS = {
  text: "One line of text",
  longText: "Several lines of text",
  choice: "One of the options (round buttons)",
  choices: "Any of the options (tick boxes)",
  date: "A date",
  country: "A country",
  specification: "The specification (a standard's page fills it in)",
} as const;
export type QuestionKind = keyof typeof QUESTION_KINDS;

/** A question about the parts, as content words it (the form shows them after the part size). */
export interface Question {
  label: string;
  help?: string | null;
  kind: QuestionKind;
  /** The answers offered, for a choice or choices. */
  options?: readonly string[] | null;
  required?: "yes" | "no" | null;
  /** What to say when a required question is left empty. */
  missing?: string | null;
  /** What to say when the answer is not a valid date (a date question). */
  invalid?: string | null;
}

/** A fixed field's words: its label and help, and what to say when it is left empty. */
export interface FieldWords {
  label: string;
  help?: string | null;
  missing?: string | null;
  /** Only the fields in MAY_BE_OPTIONAL: content decides. */
  required?: "yes" | "no" | null;
}

/** The form's words from content: each fixed field's, and the questions content adds. */
export type FormWords = Record<FixedName, FieldWords> & { questions?: readonly Question[] | null };

export type InputKind =
  | "text"
  | "email"
  | "tel"
  | "textarea"
  | "select"
  | "checkbox"
  | "radios"
  | "checkboxes"
  | "date"
  | "file";

export interface FieldRule {
  name: string;
  required: boolean;
  /** Characters; the page's inputs carry it as maxlength too. */
  maxLength: number;
  /** Only a text area may hold line breaks. */
  multiline?: boolean;
  format?: "email" | "phone";
  /** The browser's autofill token. */
  autocomplete?: string;
  input: InputKind;
  /** Round buttons and tick boxes: the answers offered, sent as the English writes them. */
  options?: readonly string[];
  /** The answers as the page shows them, in its language (the English's when not given). */
  optionLabels?: readonly string[];
  /** The words the page shows and the problems say. */
  words: FieldWords & { invalid?: string | null };
  /** The question a standard's page fills in with its designation ("Request a quote to this standard"). */
  specification?: true;
}

type FixedRule = Omit<FieldRule, "name" | "words">;

/**
 * The fields the code knows, in the page's order (their words, and the questions, come
 * from content: formFields). Their names are the e-mail's and the records'.
 */
const FIXED = {
  name: { required: true, maxLength: 100, autocomplete: "name", input: "text" },
  company: { required: false, maxLength: 120, autocomplete: "organization", input: "text" },
  email: { required: true, maxLength: 254, format: "email", autocomplete: "email", input: "email" },
  phone: { required: false, maxLength: 40, format: "phone", autocomplete: "tel", input: "tel" },
  service: { required: true, maxLength: 100, input: "select" },
  material: { required: false, maxLength: 200, autocomplete: "off", input: "text" },
  quantity: { required: false, maxLength: 200, autocomplete: "off", input: "text" },
  partSize: { required: false, maxLength: 200, autocomplete: "off", input: "text" },
  message: { required: true, maxLength: 5000, multiline: true, autocomplete: "off", input: "textarea" },
  [FILE_FIELD]: { required: false, maxLength: 0, input: "file" },
  consent: { required: true, maxLength: 10, input: "checkbox" },
} satisfies Record<string, FixedRule>;

export type FixedName = keyof typeof FIXED;
const FIXED_ORDER = Object.keys(FIXED) as FixedName[];
/** Content's questions follow this field: they are about the parts. */
const QUESTIONS_AFTER: FixedName = "partSize";
/** The fixed fields before content's questions, in the page's order. */
export const BEFORE_QUESTIONS = FIXED_ORDER.slice(0, FIXED_ORDER.indexOf(QUESTIONS_AFTER) + 1);

/** The fixed fields content may make required or optional; the others the company always needs. */
export const MAY_BE_OPTIONAL: readonly FixedName[] = [
  "company",
  "phone",
  "material",
  "quantity",
  "partSize",
  "message",
];

/** How each kind of question is asked. */
const QUESTION_INPUTS: Record<QuestionKind, Omit<FieldRule, "name" | "words" | "required">> = {
  text: { input: "text", maxLength: 200, autocomplete: "off" },
  longText: { input: "textarea", maxLength: 2000, multiline: true, autocomplete: "off" },
  choice: { input: "radios", maxLength: 200 },
  choices: { input: "checkboxes", maxLength: 2000 },
  date: { input: "date", maxLength: 10, autocomplete: "off" },
  country: { input: "text", maxLength: 100, autocomplete: "country-name" },
  specification: { input: "text", maxLength: 200, autocomplete: "off", specification: true },
};

/** A question's field name: "q-" and its label's letters and digits ("Thickness (µm)" → q-thickness-m). */
export const questionName = (label: string) =>
  `q-${
    label
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "question"
  }`;

/**
 * Every field of the form in the page's order, from content's words: the contact and
 * part fields, content's questions after the part size, the message, the files and the
 * consent. The page draws this list and the enquiry service checks it: the same code.
 * The words are the page's (`form`); names, answers and what is required are the English's
 * (`english`: the same form unless the page is a translation).
 */
export function formFields(form: FormWords, english: FormWords = form): FieldRule[] {
  const fixed = (name: FixedName): FieldRule => {
    const rule: FixedRule = FIXED[name];
    const words = form[name] ?? { label: name };
    const chosen = MAY_BE_OPTIONAL.includes(name) ? english[name]?.required : null;
    return { name, ...rule, required: chosen ? chosen === "yes" : rule.required, words };
  };
  // A translated form sends what the English sends: the same names and answers, so the
  // service, the e-mail and the records read alike in every language (a translation
  // matches the English question by question, in order: src/schema/translation.ts).
  const taken = new Set<string>();
  const translated = form.questions ?? [];
  const questions = (english.questions ?? []).map((question, index): FieldRule => {
    let name = questionName(question.label);
    for (let n = 2; taken.has(name); n++) name = `${questionName(question.label)}-${n}`;
    taken.add(name);
    const words = translated[index] ?? question;
    return {
      name,
      ...QUESTION_INPUTS[question.kind],
      required: question.required === "yes",
      ...(question.options?.length
        ? { options: question.options, optionLabels: words.options ?? question.options }
        : {}),
      words,
    };
  });
  return FIXED_ORDER.flatMap((name) => (name === QUESTIONS_AFTER ? [fixed(name), ...questions] : [fixed(name)]));
}

/** The id of a field's input (a group's first one); its help and error are `${id}-help` and `${id}-error`. */
export const fieldId = (name: string) => `enquiry-${name}`;

/** Content's questions among the fields (their names start "q-"). */
export const questionFields = (fields: readonly FieldRule[]) => fields.filter((rule) => rule.name.startsWith("q-"));

/** The fields a visitor types or chooses in (all but the file). */
export const valueFields = (fields: readonly FieldRule[]) => fields.filter((rule) => rule.input !== "file");

export type Problem =
  | "required"
  | "email"
  | "phone"
  | "tooLong"
  | "oneLine"
  | "choice"
  | "date"
  | "consent"
  | "fileType"
  | "fileSize"
  | "fileCount"
  | "fileContent";

export type Problems = Partial<Record<string, Problem>>;

/** The form's words for each problem (content/enquiry.yaml › problems); a date's are its question's own. */
export type ProblemWords = Record<Exclude<Problem, "date">, string> & { date?: string };

const email = new RegExp(EMAIL.regex);
const phone = new RegExp(PHONE.regex);
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether "YYYY-MM-DD" is a day of the calendar (2027-02-30 is not). */
function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Several answers (tick boxes) travel as one value, a line each. */
export const ANSWER_SEPARATOR = "\n";

/** One field's problem, or null; `choices` are the services' slugs (and "other"). */
export function checkField(rule: FieldRule, raw: string | undefined, choices: readonly string[]): Problem | null {
  const value = (raw ?? "").trim();
  if (!value) return rule.required ? (rule.input === "checkbox" ? "consent" : "required") : null;
  if (rule.input === "checkboxes")
    return value.length <= rule.maxLength && value.split(ANSWER_SEPARATOR).every((a) => rule.options?.includes(a))
      ? null
      : "choice";
  if (!rule.multiline && /[\r\n]/.test(raw ?? "")) return "oneLine";
  if (value.length > rule.maxLength) return "tooLong";
  if (rule.format === "email" && !email.test(value)) return "email";
  if (rule.format === "phone" && !phone.test(value)) return "phone";
  if (rule.input === "select" && !choices.includes(value)) return "choice";
  if (rule.input === "radios" && !rule.options?.includes(value)) return "choice";
  if (rule.input === "date" && !isDay(value)) return "date";
  return null;
}

/** Every field's problem (none when the form may be sent). */
export function checkFields(
  fields: readonly FieldRule[],
  values: Partial<Record<string, string>>,
  choices: readonly string[],
): Problems {
  const problems: Problems = {};
  for (const rule of valueFields(fields)) {
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

/** A sent file: its name, its size, and at least its first SIGNATURE_BYTES bytes. */
export interface SentFile {
  name: string;
  size: number;
  head: Uint8Array;
}

/** The files' problem, or null: too many, too large together, or one not what it says. */
export function checkFiles(files: readonly SentFile[]): Problem | null {
  if (files.length > MAX_FILES) return "fileCount";
  if (files.reduce((sum, file) => sum + file.size, 0) > MAX_FILES_BYTES) return "fileSize";
  for (const file of files) {
    const format = formatOf(file.name);
    if (!format) return "fileType";
    if (!hasSignature(format, file.head)) return "fileContent";
  }
  return null;
}

/** The file field's words with the limits filled in: {count} files, {max} in all. */
export const withLimits = (words: string) =>
  words.replaceAll("{max}", MAX_FILES_LABEL).replaceAll("{count}", String(MAX_FILES));

/**
 * A problem's words: the field's own when content gives them (what to say when it is
 * empty, or not a date), else the form's words for that problem, placeholders filled.
 */
export function problemText(words: ProblemWords, problem: Problem, rule?: FieldRule): string {
  const own =
    problem === "required" || problem === "consent"
      ? rule?.words.missing
      : problem === "date"
        ? rule?.words.invalid
        : null;
  if (own) return own;
  const text = words[problem] ?? words.required;
  return problem.startsWith("file") ? withLimits(text) : text.replace("{max}", String(rule?.maxLength ?? ""));
}

/**
 * A problem as the list above the form says it: the field's own words alone when content
 * gives them ("Enter your e-mail address"), the label first when the words are the
 * form's general ones ("Quantity: Please shorten this to at most 200 characters.").
 */
export function problemLine(words: ProblemWords, problem: Problem, rule: FieldRule): string {
  const text = problemText(words, problem, rule);
  const own = text === rule.words.missing || text === rule.words.invalid;
  return own ? text : `${rule.words.label}: ${text}`;
}
