// The estimate desk's content (content/estimate.yaml): per process the rate card, the
// share of the film that grows out, the lead time and when it was set; the alloys and
// what each process says of them; each plant's lines with their tanks; whether prices are
// shown, in which currency, until when. src/estimate/ does the arithmetic on these
// figures; no rate, ratio, tank or limit is written there.
import { choice, date, list, number, object, paragraph, text } from "./fields";
import { CURRENCY, SLUG } from "./patterns";
import { MAX_MICRONS, thicknessRange } from "./pieces";
import { today } from "./today";
import { dayOf } from "./validate";

/** The largest tank side, mm, and the heaviest part, kg, a line is given. */
const MAX_MM = 20_000;
const MAX_KG = 10_000;
/** The highest price or lot minimum, in the card's currency. */
const MAX_PRICE = 10_000_000;

const yesNo = (label: string) => choice(label, { yes: "Yes", no: "No" });
const service = (label: string) => text(label, { pattern: SLUG, translated: false });

/** A range of money, low and high, in the card's currency. */
const money = (label: string) =>
  object(
    label,
    {
      low: number("From", 0, MAX_PRICE, { integer: false }),
      high: number("To", 0, MAX_PRICE, { integer: false }),
    },
    {
      check: (value) =>
        Number(value.low) > Number(value.high)
          ? `high: is below low (${value.low}): write the range from low to high`
          : null,
    },
  );

/** One thickness band of a process's rate card: from–to µm, a price per dm² from–to. */
const band = object(
  "Thickness band",
  {
    from: number("From (µm, included)", 0, MAX_MICRONS, { integer: false }),
    to: number("To (µm, included)", 0, MAX_MICRONS, { integer: false }),
    low: number("Price per dm², from", 0, MAX_PRICE, { integer: false }),
    high: number("Price per dm², to", 0, MAX_PRICE, { integer: false }),
  },
  {
    typeName: "EstimateBand",
    check: (value) => {
      if (Number(value.from) > Number(value.to))
        return `to: is below from (${value.from}): a band runs from the thinner to the thicker`;
      if (Number(value.low) > Number(value.high))
        return `high: is below low (${value.low}): write the price from low to high`;
      return null;
    },
  },
);

/** Bands may meet at a figure (5–25, 25–60) but not overlap: a thickness has one price. */
function overlappingBands(bands: { from: number; to: number }[]): string | null {
  const sorted = bands.map((item, index) => ({ ...item, index })).sort((a, b) => a.from - b.from);
  for (let i = 1; i < sorted.length; i += 1) {
    const [before, after] = [sorted[i - 1], sorted[i]];
    if (after.from < before.to)
      return `bands[${after.index}]: ${after.from}–${after.to} µm overlaps bands[${before.index}] (${before.from}–${before.to} µm): bands may meet, not overlap`;
  }
  return null;
}

/** A lead time is set on a day that has come: one set in the future is a typing mistake. */
const setOnProblem = (value: unknown): string | null => {
  const day = dayOf(value);
  return day && day > today() ? `setOn: ${day} is in the future: write the day the lead time was set` : null;
};

const process = object(
  "Process",
  {
    service: service("Service page (its address, e.g. hard_anodizing)"),
    thickness: thicknessRange("Thickness we apply (µm)"),
    outwardShare: number(
      "Share of the coating that grows out of the surface (0 to 1; hard anodising about 0.5)",
      0,
      1,
      {
        integer: false,
        hint: "0 for a process that adds no size worth stating (a conversion coating)",
      },
    ),
    colours: list("Dye colours offered (none: the process is not dyed)", text("Colour"), { required: false, max: 40 }),
    seals: list("Seals offered (none: the process is not sealed)", text("Seal"), { required: false, max: 12 }),
    bands: list("Rate card: thickness bands", band, { min: 1, max: 12 }),
    masking: money("Masking, per feature (a thread, a bore)"),
    lotMinimum: number("Lot minimum (the least one lot is charged)", 0, MAX_PRICE, { integer: false }),
    leadTime: object(
      "Lead time",
      {
        days: number("Working days from the parts' arrival", 1, 365),
        setOn: date("Day it was last set"),
      },
      { check: (value) => setOnProblem(value.setOn) },
    ),
  },
  {
    typeName: "EstimateProcess",
    check: (value) => overlappingBands(value.bands as { from: number; to: number }[]),
  },
);

const alloy = object(
  "Alloy",
  {
    name: text("Alloy (as a drawing writes it, e.g. 6061-T6)", { translated: false }),
    notes: list(
      "What each process says of it",
      object(
        "Note",
        {
          service: service("Process (its service page's address)"),
          advice: choice("Advice", { suits: "Suits it", caution: "Ask us first", unsuitable: "Not advised" }),
          text: paragraph("Why (what the buyer reads)"),
        },
        { typeName: "EstimateAlloyNote" },
      ),
      { required: false, max: 12, unique: "service" },
    ),
  },
  { typeName: "EstimateAlloy" },
);

const line = object(
  "Line",
  {
    name: text("Line (as the plant names it)"),
    services: list("Processes it runs (service page addresses)", service("Service page"), { min: 1 }),
    tankLength: number("Tank inside length (mm)", 1, MAX_MM),
    tankWidth: number("Tank inside width (mm)", 1, MAX_MM),
    tankDepth: number("Tank inside depth (mm)", 1, MAX_MM),
    clearance: number("Clearance kept on every side (mm)", 0, MAX_MM),
    maxMass: number("Heaviest part it takes (kg)", 0, MAX_KG, { integer: false }),
  },
  {
    typeName: "EstimateLine",
    check: (value) => {
      const smallest = Math.min(Number(value.tankLength), Number(value.tankWidth), Number(value.tankDepth));
      return 2 * Number(value.clearance) >= smallest
        ? `clearance: ${value.clearance} mm on every side leaves no room in a ${smallest} mm side`
        : null;
    },
  },
);

/** Words: every label, check and answer the desk says, with what is replaced in each. */
const words = object("Words on the page", {
  process: text("Process"),
  standard: text("Standard (optional)"),
  noStandard: text("First choice of the standard list (none)"),
  grade: text("Type and class"),
  thickness: text("Thickness (µm)"),
  colour: text("Dye colour"),
  seal: text("Seal"),
  alloy: text("Alloy"),
  otherAlloy: text("Last choice of the alloy list (another alloy)"),
  envelope: text("Part's size (length, width, height in mm)"),
  length: text("Length (mm)"),
  width: text("Width (mm)"),
  height: text("Height (mm)"),
  mass: text("Mass of one part (kg)"),
  area: text("Surface area (dm²)"),
  shape: text("Or work the area out from a shape"),
  plate: text("Plate"),
  block: text("Block"),
  roundBar: text("Round bar"),
  tube: text("Tube"),
  diameter: text("Diameter (mm)"),
  inside: text("Inside diameter (mm)"),
  quantity: text("Parts per lot"),
  lots: text("Lots a year"),
  threads: text("Masked threads (count)"),
  bores: text("Masked bores (count)"),
  finished: text("Critical finished diameter (mm, optional)"),
  feature: text("That diameter is"),
  outside: text("An outside diameter"),
  bore: text("A bore"),
  submit: text("Estimate button label (without JavaScript)"),
  answerTitle: text("Heading above the answer"),
  checksTitle: text("Heading above the checks"),
  firmQuote: text("Button carrying the details into the quote form"),
  record: text("Button that downloads the requirements of record (PDF)"),
  recordTitle: text("The requirements of record's title (in the PDF)"),
  recordFigures: text("Heading above the buyer's figures (in the PDF)"),
  recordReference: text("Before the PDF's reference"),
  recordDate: text("Before the PDF's date"),
  waiting: text("In the answer's place until the part is described"),
  problems: object("When a figure cannot be read", {
    summary: text("Heading above the list of problems"),
    required: text("A figure left empty"),
    number: text("Not a number"),
    range: text("Zero, negative or too large"),
    choice: text("Not one of the list's choices"),
    bore: text("An inside diameter not smaller than the outside"),
  }),
});

/** What the answer says, each with what is replaced in it (in braces). */
const sayings = object("What the answer says", {
  areaWorkedOut: text("The area worked out from the shape", { hint: "{area} is replaced, in dm²" }),
  gradeOffered: text("The type and class is offered", { hint: "{standard} and {grade} are replaced" }),
  gradeNotOffered: text("The type and class is not offered for this process", {
    hint: "{standard}, {grade} and {offered} (the types offered) are replaced",
  }),
  thicknessIn: text("The thickness is within the range", {
    hint: "{thickness}, {from}, {to} and {source} are replaced",
  }),
  thicknessOut: text("The thickness is outside the range", {
    hint: "{thickness}, {from}, {to} and {source} are replaced",
  }),
  sourceStandard: text("Where the range comes from: the standard", { hint: "{standard} and {grade} are replaced" }),
  sourceProcess: text("Where the range comes from: the process", { hint: "{process} is replaced" }),
  suits: text("Before an alloy note: suits it"),
  caution: text("Before an alloy note: ask us first"),
  unsuitable: text("Before an alloy note: not advised"),
  growthTitle: text("Heading above the build-up"),
  perSurface: text("Growth per surface", { hint: "{value} is replaced, in µm" }),
  diameter: text("Change of a diameter", { hint: "{value} is replaced, in µm" }),
  thread: text("Change of a 60° thread's pitch diameter", { hint: "{value} is replaced, in µm" }),
  machineTo: text("The size to machine to", { hint: "{value} and {finished} are replaced, in mm" }),
  fits: text("The part fits a line", { hint: "{plant} and {line} are replaced" }),
  tooLarge: text("The part is too large for a line", { hint: "{plant}, {line} and {largest} are replaced" }),
  tooHeavy: text("The part is too heavy for a line", { hint: "{plant}, {line} and {mass} (in kg) are replaced" }),
  fitsNowhere: text("The part fits none of the lines", { hint: "{largest} is replaced (the largest part taken, mm)" }),
  noLine: text("No line runs the process"),
  priceTitle: text("Heading above the price"),
  perPart: text("Price per part", { hint: "{low} and {high} are replaced" }),
  perLot: text("Price per lot", { hint: "{quantity}, {low} and {high} are replaced" }),
  atMinimum: text("The lot minimum applies", { hint: "{minimum} is replaced" }),
  validUntil: text("Prices are indicative until a day", { hint: "{date} is replaced" }),
  noPrice: text("No price for this thickness (ask for a quote)"),
  firmQuoteWithin: text("A firm quote within some hours", { hint: "{hours} is replaced" }),
  leadTime: text("The lead time", { hint: "{days} and {date} (the day it was set) are replaced" }),
  noLeadTime: text("No lead time shown (ask us)"),
});

export const estimateSchema = object("Estimate desk", {
  slug: text("Page address (after the /)", { pattern: SLUG }),
  title: text("Page title (browser tab and search results)"),
  description: paragraph("Page description (search results, at most about 160 characters)"),
  linkLabel: text("Link label (first screens, service and standard pages)"),
  heading: text("Heading"),
  intro: paragraph("Introduction", { required: false }),
  processes: list("Processes the desk estimates", process, { min: 1, max: 20, unique: "service" }),
  alloys: list("Alloys a buyer can choose", alloy, { min: 1, max: 60, unique: "name" }),
  plants: list(
    "Plants and their lines",
    object(
      "Plant",
      {
        plant: text("Plant (its name in the site settings)", { translated: false }),
        lines: list("Lines", line, { min: 1, max: 20, unique: "name" }),
      },
      { typeName: "EstimatePlant" },
    ),
    { min: 1, max: 10, unique: "plant" },
  ),
  prices: object("Prices", {
    shown: yesNo("Show prices at all?"),
    currency: text("Currency (three letters, e.g. INR)", { pattern: CURRENCY }),
    validUntil: date("Prices valid until"),
  }),
  firmQuoteHours: number("A firm quote within this many working hours", 1, 720),
  leadTimeMaxAgeDays: number("A lead time set longer ago than this many days is not shown", 1, 365),
  words,
  sayings,
});
