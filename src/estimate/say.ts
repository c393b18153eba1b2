// The answer in content's words: each check a line with its level, then the build-up, the
// price and the lead time. One function for the page (as the buyer types) and the enquiry
// service (the answer without JavaScript), so both say exactly the same.
import type { Answer, Check, Desk, Part } from "./answer";

export type Level = "ok" | "caution" | "problem";

export interface Said {
  /** Each check, in the order the desk made them. */
  checks: { level: Level; text: string }[];
  /** The build-up, or empty for a process that adds no size. */
  growth: string[];
  /** The price lines, or a line saying there is none. */
  price: string[];
  leadTime: string;
  firmQuote: string;
}

export interface Names {
  /** The page's locale (LANGUAGES[language].locale). */
  locale: string;
  /** The process as its service page names it. */
  process: string;
  /** The standard's designation, when one was chosen. */
  standard?: string;
}

/** `template` with each {name} replaced; a name the values lack stays as written. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

const ADVICE: Record<"suits" | "caution" | "unsuitable", Level> = {
  suits: "ok",
  caution: "caution",
  unsuitable: "problem",
};

export function say(desk: Desk, found: Answer, part: Part, names: Names): Said {
  const { sayings } = desk;
  const number = (digits: number) => new Intl.NumberFormat(names.locale, { maximumFractionDigits: digits });
  const [mm, um, dm2] = [number(1), number(1), number(2)];
  // An indication: whole amounts, except under 100, where the paise or cents matter.
  // A range is written to one precision, set by its high end.
  const price = (value: number, scale = value) =>
    new Intl.NumberFormat(names.locale, {
      style: "currency",
      currency: desk.prices.currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: scale < 100 ? 2 : 0,
    }).format(value);
  const range = ({ low, high }: { low: number; high: number }) => ({ low: price(low, high), high: price(high) });
  const day = (iso: string) =>
    new Intl.DateTimeFormat(names.locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
  const size = (sizes: readonly number[]) => sizes.map((value) => mm.format(value)).join(" × ");

  const line = (check: Check): { level: Level; text: string }[] => {
    switch (check.kind) {
      case "grade":
        return [
          check.fits
            ? {
                level: "ok",
                text: fill(sayings.gradeOffered, { standard: names.standard ?? "", grade: check.grade!.designation }),
              }
            : {
                level: "problem",
                text: fill(sayings.gradeNotOffered, {
                  standard: names.standard ?? "",
                  grade: check.grade?.designation ?? "",
                  offered: check.offered.map((grade) => grade.designation).join(", "),
                }),
              },
        ];
      case "thickness": {
        const source =
          check.source === "standard"
            ? fill(sayings.sourceStandard, { standard: names.standard ?? "", grade: part.standard?.grade ?? "" })
            : fill(sayings.sourceProcess, { process: names.process });
        const values = {
          thickness: um.format(part.thickness),
          from: um.format(check.range.from),
          to: um.format(check.range.to),
          source,
        };
        return [
          check.fits
            ? { level: "ok", text: fill(sayings.thicknessIn, values) }
            : { level: "problem", text: fill(sayings.thicknessOut, values) },
        ];
      }
      case "alloy":
        return [{ level: ADVICE[check.advice], text: `${sayings[check.advice]} ${check.text}` }];
      case "tanks":
        if (found.fits.length === 0) return [{ level: "problem", text: sayings.noLine }];
        return [
          ...found.fits.map((fit) => {
            const where = { plant: fit.line.plant, line: fit.line.name };
            if (fit.fits) return { level: "ok" as const, text: fill(sayings.fits, where) };
            if (fit.tooLarge)
              return {
                level: "problem" as const,
                text: fill(sayings.tooLarge, { ...where, largest: size(fit.largest) }),
              };
            return {
              level: "problem" as const,
              text: fill(sayings.tooHeavy, { ...where, mass: number(1).format(fit.line.maxMass) }),
            };
          }),
          ...(check.fits || !check.largest
            ? []
            : [{ level: "problem" as const, text: fill(sayings.fitsNowhere, { largest: size(check.largest) }) }]),
        ];
    }
  };

  const checks = [
    ...(found.areaFromShape
      ? [{ level: "ok" as const, text: fill(sayings.areaWorkedOut, { area: dm2.format(found.area) }) }]
      : []),
    ...found.checks.flatMap(line),
  ];
  const growth = found.growth
    ? [
        fill(sayings.perSurface, { value: um.format(found.growth.perSurface) }),
        fill(sayings.diameter, { value: um.format(found.growth.diameter) }),
        fill(sayings.thread, { value: um.format(found.growth.threadPitchDiameter) }),
        ...(found.growth.machineTo === undefined
          ? []
          : [
              fill(sayings.machineTo, {
                value: number(3).format(found.growth.machineTo),
                finished: number(3).format(part.finished!.diameter),
              }),
            ]),
      ]
    : [];
  const prices = found.price
    ? [
        fill(sayings.perPart, range(found.price.perPart)),
        fill(sayings.perLot, {
          quantity: number(0).format(part.quantity),
          ...range(found.price.perLot),
        }),
        ...(found.price.atMinimum ? [fill(sayings.atMinimum, { minimum: price(found.process.lotMinimum) })] : []),
        fill(sayings.validUntil, { date: day(found.price.validUntil) }),
      ]
    : desk.prices.shown === "yes"
      ? [sayings.noPrice]
      : [];
  const leadTime = found.leadTime
    ? fill(sayings.leadTime, { days: number(0).format(found.leadTime.days), date: day(found.leadTime.setOn) })
    : sayings.noLeadTime;
  return {
    checks,
    growth,
    price: prices,
    leadTime,
    firmQuote: fill(sayings.firmQuoteWithin, { hours: desk.firmQuoteHours }),
  };
}
