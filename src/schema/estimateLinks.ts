// What the estimate desk's figures name must exist: each process a service page, each
// alloy note and line a process the desk has, each plant one of the site's plants. One
// problem per name, at its field, like a standard's services (load.ts).
import type { Data } from "./fields";
import type { estimateSchema } from "./estimate";
import { DEFAULT_LANGUAGE } from "./languages";
import type { FileProblem, LoadedFile } from "./types";

type Desk = Data<(typeof estimateSchema)["fields"]>;

export function deskProblems(files: readonly LoadedFile[]): FileProblem[] {
  const loaded = files.find((file) => file.kind === "estimate");
  if (!loaded) return [];
  // A loaded file passed its schema.
  const desk = loaded.data as Desk;
  const services = files.filter((file) => file.kind === "services").map((file) => String(file.data.slug));
  const units = ((files.find((file) => file.kind === "site")?.data.units ?? []) as { name: string }[]).map(
    (unit) => unit.name,
  );
  const processes = desk.processes.map((process) => process.service);
  const problems: FileProblem[] = [];
  const unknown = (field: string, value: string, known: string[], what: string) => {
    if (!known.includes(value))
      problems.push({
        file: loaded.file,
        field: `${DEFAULT_LANGUAGE}.${field}`,
        message: `"${value}" is not ${what}: write one of ${known.join(", ")}`,
      });
  };
  desk.processes.forEach((process, i) =>
    unknown(`processes[${i}].service`, process.service, services, "a service page"),
  );
  desk.alloys.forEach((alloy, i) =>
    alloy.notes?.forEach((note, j) =>
      unknown(`alloys[${i}].notes[${j}].service`, note.service, processes, "a process of the desk"),
    ),
  );
  desk.plants.forEach((plant, i) => {
    unknown(`plants[${i}].plant`, plant.plant, units, "a plant in the site settings");
    plant.lines.forEach((line, j) =>
      line.services.forEach((service, k) =>
        unknown(`plants[${i}].lines[${j}].services[${k}]`, service, processes, "a process of the desk"),
      ),
    );
  });
  return problems;
}
