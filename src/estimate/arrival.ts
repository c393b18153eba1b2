// What a buyer arrives at the desk with: a service page links it with its process chosen
// (?service=hard_anodizing), a standard page with its standard (?standard=mil-prf-8625),
// as the quote form's links do. Anything else in the address is ignored. And what a choice
// on the desk brings with it: a standard starts at its first type and class, and a type
// that names its process chooses that process.
import type { FieldName, StandardChoice, Values } from "./form";

/** The process a standard's type and class names, where the desk has it. */
const processOf = (grade: StandardChoice["offered"][number] | undefined, processes: readonly string[]) =>
  grade?.service && processes.includes(grade.service) ? { process: grade.service } : {};

/** `values` with `name` set to `value`, and what that choice brings with it. */
export function withChoice(
  values: Values,
  name: FieldName,
  value: string,
  processes: readonly string[],
  standards: readonly StandardChoice[],
): Values {
  const next = { ...values, [name]: value };
  if (name === "standard") {
    const grade = standards.find((candidate) => candidate.slug === value)?.offered[0];
    return { ...next, grade: grade?.designation, ...processOf(grade, processes) };
  }
  if (name === "grade") {
    const standard = standards.find((candidate) => candidate.slug === values.standard);
    return {
      ...next,
      ...processOf(
        standard?.offered.find((grade) => grade.designation === value),
        processes,
      ),
    };
  }
  return next;
}

/** The choices the address makes, among the desk's processes and the standards; {} when none. */
export function choicesOnArrival(
  search: string,
  processes: readonly string[],
  standards: readonly StandardChoice[],
): Values {
  const query = new URLSearchParams(search);
  const standard = standards.find((candidate) => candidate.slug === query.get("standard"));
  if (standard) {
    const grade = standard.offered[0];
    // The standard's first type and class, and the process it names, where the desk has it.
    return { standard: standard.slug, ...(grade ? { grade: grade.designation } : {}), ...processOf(grade, processes) };
  }
  const service = query.get("service");
  return service && processes.includes(service) ? { process: service } : {};
}
