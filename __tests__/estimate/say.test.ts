// The answer in content's words (issue 73): each saying of the tests' desk is its own name
// followed by what is put in it, so these read exactly which figures reached which line.
import { answer, type Part } from "../../src/estimate/answer";
import { fill, say } from "../../src/estimate/say";
import { desk } from "./desk";

const TODAY = "2026-01-20";
const names = { locale: "en-IN", process: "Hard", standard: "STD-1" };

const shaft: Part = {
  service: "hard",
  thickness: 50,
  alloy: "A380",
  mass: 2,
  area: { kind: "roundBar", diameter: 40, length: 300 },
  quantity: 10,
  masked: { threads: 1, bores: 0 },
  finished: { diameter: 40, feature: "outside" },
};

const said = (part: Part, content = desk(), today = TODAY) => say(content, answer(content, part, today)!, part, names);

test("fill replaces each name it has and leaves the rest as written", () => {
  expect(fill("{a} and {b}, {a}", { a: 1 })).toBe("1 and {b}, 1");
});

test("a shaft: the area worked out, the thickness, the alloy, the tanks, the build-up, the price and the lead time", () => {
  const words = said(shaft);
  expect(words.checks).toEqual([
    { level: "ok", text: "areaWorkedOut 4.02" },
    { level: "ok", text: "thicknessIn 50 20 100 sourceProcess Hard" },
    { level: "problem", text: "unsuitable too much silicon" },
    { level: "ok", text: "fits South Short" },
  ]);
  expect(words.growth).toEqual(["perSurface 25", "diameter 50", "thread 100", "machineTo 39.95 40"]);
  expect(words.price[0]).toMatch(/^perPart ₹[\d.,]+ ₹[\d.,]+$/);
  expect(words.price[1]).toMatch(/^perLot 10 ₹[\d.,]+ ₹[\d.,]+$/);
  // Ten shafts come to more than the lot minimum; five do not, and the minimum is said.
  expect(words.price.some((text) => text.startsWith("atMinimum"))).toBe(false);
  expect(said({ ...shaft, quantity: 5 }).price).toContain("atMinimum ₹1,000");
  expect(words.price).toContain("validUntil 31 March 2026");
  expect(words.leadTime).toBe("leadTime 7 10 January 2026");
  expect(words.firmQuote).toBe("firmQuoteWithin 24");
});

test("a part too large for every line: each line says so, and the largest part taken is given", () => {
  const words = said({ ...shaft, area: 10, envelope: { length: 2000, width: 60, height: 30 } });
  expect(words.checks.filter((check) => check.level === "problem").map((check) => check.text)).toEqual([
    "unsuitable too much silicon",
    "tooLarge South Short 1,400 × 800 × 500",
    "fitsNowhere 1,400 × 800 × 500",
  ]);
});

test("a part too heavy for a line", () => {
  const words = said({ ...shaft, mass: 100 });
  expect(words.checks).toContainEqual({ level: "problem", text: "tooHeavy South Short 80" });
});

test("a standard's grade: offered, or not with what is offered", () => {
  const offered = [{ designation: "Type III", service: "hard", thickness: { from: 30, to: 60 } }];
  const ok = said({ ...shaft, standard: { slug: "std", grade: "Type III", offered } });
  expect(ok.checks).toContainEqual({ level: "ok", text: "gradeOffered STD-1 Type III" });
  expect(ok.checks).toContainEqual({ level: "ok", text: "thicknessIn 50 30 60 sourceStandard STD-1 Type III" });
  const not = said({ ...shaft, standard: { slug: "std", grade: "Type I", offered } });
  expect(not.checks).toContainEqual({ level: "problem", text: "gradeNotOffered STD-1  Type III" });
});

test("prices off: no price line at all; no band for the thickness: the saying for it", () => {
  const off = desk();
  off.prices.shown = "no";
  expect(said(shaft, off).price).toEqual([]);
  const thin = desk();
  thin.processes[0].bands = [{ from: 20, to: 30, low: 1, high: 2 }];
  expect(said(shaft, thin).price).toEqual(["noPrice"]);
});

test("a stale lead time is not given", () => {
  expect(said(shaft, desk(), "2026-03-01").leadTime).toBe("noLeadTime");
});

test("German figures: a decimal comma", () => {
  const part = { ...shaft, area: 4.5, envelope: { length: 300, width: 40, height: 40 } };
  const content = desk();
  const words = say(content, answer(content, part, TODAY)!, part, { ...names, locale: "de-DE" });
  expect(words.growth).toContain("machineTo 39,95 40");
});
