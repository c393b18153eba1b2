// The desk's whole answer (issue 73) on a desk the tests own: every figure below is the
// tests', never the company's content. The desk passes the content schema, so it is one
// staff could write.
import { answer, type OfferedGrade } from "../../src/estimate/answer";
import { estimateSchema } from "../../src/schema/estimate";
import { validate } from "../../src/schema/validate";
import { desk } from "./desk";

const TODAY = "2026-01-20";

const shaft = {
  service: "hard",
  thickness: 50,
  alloy: "6061",
  mass: 2,
  area: { kind: "roundBar" as const, diameter: 40, length: 300 },
  quantity: 10,
  lots: 12,
  masked: { threads: 1, bores: 0 },
  finished: { diameter: 40, feature: "outside" as const },
};

test("the test desk is content the schema accepts", () => {
  expect(validate(estimateSchema, desk(), "en", { inside: () => true })).toEqual([]);
});

test("a shaft: area from its shape, growth, the size to machine to, the band and the lead time", () => {
  const found = answer(desk(), shaft, TODAY)!;
  // Ø 40 × 300: π·40·300 + 2·π·20² = 12,800π mm².
  expect(found.area).toBeCloseTo((12_800 * Math.PI) / 10_000, 10);
  expect(found.areaFromShape).toBe(true);
  expect(found.envelope).toEqual({ length: 300, width: 40, height: 40 });
  // 50 µm, half out: 25 µm a surface, 50 µm on the diameter, 100 µm on a thread's pitch diameter.
  expect(found.growth!.perSurface).toBeCloseTo(25, 10);
  expect(found.growth!.diameter).toBeCloseTo(50, 10);
  expect(found.growth!.threadPitchDiameter).toBeCloseTo(100, 10);
  expect(found.growth!.machineTo).toBeCloseTo(39.95, 10);
  // The 40–100 band: 20–30 per dm², one thread masked at 50–80; 10 parts.
  const low = found.area * 20 + 50;
  expect(found.price!.perPart.low).toBeCloseTo(low, 10);
  expect(found.price!.perLot.low).toBeCloseTo(Math.max(low * 10, 1000), 10);
  expect(found.price).toMatchObject({ currency: "INR", validUntil: "2026-03-31" });
  expect(found.leadTime).toEqual({ days: 7, setOn: "2026-01-10" });
  expect(found.checks).toContainEqual({
    kind: "thickness",
    fits: true,
    range: { from: 20, to: 100 },
    source: "process",
  });
  expect(found.checks).toContainEqual({ kind: "alloy", advice: "suits", text: "hard on 6061" });
  expect(found.checks).toContainEqual(expect.objectContaining({ kind: "tanks", fits: true }));
});

test("only lines that run the process are asked; one plant's line takes a long part and another's does not", () => {
  const extrusion = {
    service: "colour",
    thickness: 15,
    mass: 6,
    envelope: { length: 2000, width: 60, height: 30 },
    area: 12,
    quantity: 50,
    lots: 4,
    masked: { threads: 0, bores: 0 },
  };
  const found = answer(desk(), extrusion, TODAY)!;
  expect(found.fits.map((fit) => [fit.line.plant, fit.line.name, fit.fits, fit.tooLarge])).toEqual([
    ["North", "Long", true, false],
    ["South", "Short", false, true],
  ]);
  // Hard anodising runs only on the short line: the long part fits nowhere, and the answer says how large a part can be.
  const hard = answer(desk(), { ...extrusion, service: "hard", thickness: 50 }, TODAY)!;
  expect(hard.fits.map((fit) => fit.line.name)).toEqual(["Short"]);
  expect(hard.checks).toContainEqual({ kind: "tanks", fits: false, largest: [1400, 800, 500] });
});

test("an alloy the process advises against is told, with content's reason", () => {
  const found = answer(desk(), { ...shaft, alloy: "A380" }, TODAY)!;
  expect(found.checks).toContainEqual({ kind: "alloy", advice: "unsuitable", text: "too much silicon" });
  // An alloy the content says nothing of for this process: no note at all.
  expect(answer(desk(), { ...shaft, alloy: "7075" }, TODAY)!.checks.map((check) => check.kind)).not.toContain("alloy");
});

describe("a standard's type and class", () => {
  const offered: OfferedGrade[] = [
    { designation: "Type II", service: "colour", thickness: { from: 5, to: 25 } },
    { designation: "Type III", service: "hard", thickness: { from: 30, to: 60 } },
  ];
  test("its thickness range holds over the process's own", () => {
    const found = answer(
      desk(),
      { ...shaft, thickness: 70, standard: { slug: "std", grade: "Type III", offered } },
      TODAY,
    )!;
    expect(found.checks).toContainEqual({ kind: "grade", fits: true, grade: offered[1], offered });
    expect(found.checks).toContainEqual({
      kind: "thickness",
      fits: false,
      range: { from: 30, to: 60 },
      source: "standard",
    });
  });
  test("a grade another process applies, or one not offered, does not fit, and the offer is given", () => {
    const other = answer(desk(), { ...shaft, standard: { slug: "std", grade: "Type II", offered } }, TODAY)!;
    expect(other.checks).toContainEqual(expect.objectContaining({ kind: "grade", fits: false, offered }));
    const none = answer(desk(), { ...shaft, standard: { slug: "std", grade: "Type I", offered } }, TODAY)!;
    expect(none.checks).toContainEqual({ kind: "grade", fits: false, grade: undefined, offered });
  });
});

describe("what is not shown", () => {
  test("prices switched off: no band, and the checks and lead time still answer", () => {
    const off = desk();
    off.prices.shown = "no";
    const found = answer(off, shaft, TODAY)!;
    expect(found.price).toBeNull();
    expect(found.leadTime).toEqual({ days: 7, setOn: "2026-01-10" });
    expect(found.checks.length).toBeGreaterThan(0);
  });
  test("prices past their day: no band", () => {
    expect(answer(desk(), shaft, "2026-04-01")!.price).toBeNull();
    expect(answer(desk(), shaft, "2026-03-31")!.price).not.toBeNull();
  });
  test("a lead time set longer ago than content allows", () => {
    // Set on 2025-06-01, at most 30 days old.
    expect(answer(desk(), { ...shaft, service: "colour", thickness: 10 }, TODAY)!.leadTime).toBeUndefined();
    expect(answer(desk(), shaft, "2026-02-09")!.leadTime).toBeDefined();
    expect(answer(desk(), shaft, "2026-02-10")!.leadTime).toBeUndefined();
  });
  test("a process with no outward growth states no build-up", () => {
    const flat = desk();
    flat.processes[1].outwardShare = 0;
    expect(answer(flat, { ...shaft, service: "colour", thickness: 10 }, TODAY)!.growth).toBeUndefined();
  });
  test("a process the desk does not estimate", () => {
    expect(answer(desk(), { ...shaft, service: "none" }, TODAY)).toBeNull();
  });
});
