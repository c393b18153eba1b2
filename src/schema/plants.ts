// A plant search engines cannot place: its address parts, map position or opening hours
// are optional (content written before them still builds), so content:check, the
// validator's report and the editor's status warn of a plant without them.
import type { ContentWarning, LoadedFile } from "./types";

const PARTS = {
  locality: "town",
  postalCode: "postal code",
  region: "state",
  country: "country code",
  latitude: "map position",
  hours: "opening hours",
} as const;

export function unplacedPlants(files: readonly LoadedFile[]): ContentWarning[] {
  const site = files.find((loaded) => loaded.kind === "site");
  const units = (site?.data.units as Record<string, unknown>[] | undefined) ?? [];
  return units.flatMap((unit) => {
    const lacking = Object.entries(PARTS)
      .filter(([part]) => unit[part] == null)
      .map(([, name]) => name);
    return lacking.length === 0
      ? []
      : [
          {
            file: site!.file,
            message: `the plant "${String(unit.name)}" has no ${lacking.join(", ")}: search engines cannot show it on a map or say when it is open`,
          },
        ];
  });
}
