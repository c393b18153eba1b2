// What a buyer arrives at the desk with: a service page links it with its process chosen
// (?service=hard_anodizing), a standard page with its standard (?standard=mil-prf-8625),
// as the quote form's links do. Anything else in the address is ignored.
import type { StandardChoice, Values } from "./form";

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
    const process = grade?.service && processes.includes(grade.service) ? { process: grade.service } : {};
    return { standard: standard.slug, ...(grade ? { grade: grade.designation } : {}), ...process };
  }
  const service = query.get("service");
  return service && processes.includes(service) ? { process: service } : {};
}
