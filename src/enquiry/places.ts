// Where each fixed field of the quote form reaches the staff: the e-mail, the inbox's page
// of an enquiry and its spreadsheet all follow this one table, so a new field is shown
// wherever it is declared and never silently dropped. The server's side only (through
// src/contract/enquiry.ts): the page's script does not need it.
import { BEFORE_QUESTIONS, type FixedName } from "./rules";

/**
 * - `line`: a line of its own, "Label: answer", with the other short answers;
 * - `body`: under its label, after everything else (a long text);
 * - `files`: the label of the list of files sent;
 * - `none`: not shown (the consent: no enquiry is taken without it).
 */
export type Place = "line" | "body" | "files" | "none";

/** Every fixed field, in the page's order (a test holds it to rules.ts), and its place. */
export const FIELD_PLACES = {
  name: "line",
  company: "line",
  email: "line",
  phone: "line",
  service: "line",
  material: "line",
  quantity: "line",
  partSize: "line",
  message: "body",
  drawing: "files",
  consent: "none",
} as const satisfies Record<FixedName, Place>;

export const FIXED_NAMES = Object.keys(FIELD_PLACES) as FixedName[];

/** The fixed fields in one place, in the page's order. */
export const placedIn = (place: Place): FixedName[] => FIXED_NAMES.filter((name) => FIELD_PLACES[name] === place);

/** One short answer as staff read it: a fixed field by name, or one of content's questions. */
export type StaffLine<Q> = { fixed: FixedName } | { question: Q };

/**
 * The short answers in the page's order: the fixed fields placed on a line, and content's
 * questions where the page asks them (after the part's fields).
 */
export function staffLines<Q>(questions: readonly Q[]): StaffLine<Q>[] {
  const lines = placedIn("line");
  const before = (name: FixedName) => BEFORE_QUESTIONS.includes(name);
  const fixed = (name: FixedName): StaffLine<Q> => ({ fixed: name });
  return [
    ...lines.filter(before).map(fixed),
    ...questions.map((question): StaffLine<Q> => ({ question })),
    ...lines.filter((name) => !before(name)).map(fixed),
  ];
}
