// The estimate's arithmetic (issue 73): each shape's area, the build-up of a coating, the
// size to machine to, a tank fit in any orientation, and the price band. The rates, tanks
// and shares here are the tests' own, never the company's content.
import { buildUp, machineTo } from "../../src/estimate/growth";
import { bandFor, priceBand, type Rates } from "../../src/estimate/price";
import { envelopeOf, shapeProblem, surfaceArea } from "../../src/estimate/shapes";
import { fitOn, fitsOf, largestPart, type Line } from "../../src/estimate/tanks";

describe("surface area, dm²", () => {
  test("a plate: its six faces", () => {
    // 100 × 50 × 10 mm: 2 × (5000 + 1000 + 500) mm² = 13,000 mm² = 1.3 dm².
    expect(surfaceArea({ kind: "plate", length: 100, width: 50, height: 10 })).toBeCloseTo(1.3, 10);
  });
  test("a block is a plate by another name", () => {
    const sizes = { length: 120, width: 80, height: 60 };
    expect(surfaceArea({ kind: "block", ...sizes })).toBe(surfaceArea({ kind: "plate", ...sizes }));
    // A cube of 100 mm: 6 dm².
    expect(surfaceArea({ kind: "block", length: 100, width: 100, height: 100 })).toBeCloseTo(6, 10);
  });
  test("a round bar: its side and both ends", () => {
    // Ø 20 × 100 mm: π·20·100 + 2·π·10² = 2200π mm².
    expect(surfaceArea({ kind: "roundBar", diameter: 20, length: 100 })).toBeCloseTo((2200 * Math.PI) / 10_000, 10);
  });
  test("a tube: outside, inside and both ring-shaped ends", () => {
    // Ø 40 / Ø 30 × 200 mm: π·(40+30)·200 + 2·π/4·(1600−900) = 14,000π + 350π mm².
    expect(surfaceArea({ kind: "tube", outside: 40, inside: 30, length: 200 })).toBeCloseTo(
      (14_350 * Math.PI) / 10_000,
      10,
    );
  });
  test("a tube has more area than a bar of its outside size: its bore adds more than its ends lose", () => {
    const bar = surfaceArea({ kind: "roundBar", diameter: 40, length: 200 });
    const tube = surfaceArea({ kind: "tube", outside: 40, inside: 30, length: 200 });
    expect(tube).toBeGreaterThan(bar);
  });
  test("the envelope of each shape, and sizes that make no part refused", () => {
    expect(envelopeOf({ kind: "roundBar", diameter: 20, length: 300 })).toEqual({ length: 300, width: 20, height: 20 });
    expect(envelopeOf({ kind: "tube", outside: 40, inside: 30, length: 2000 })).toEqual({
      length: 2000,
      width: 40,
      height: 40,
    });
    expect(shapeProblem({ kind: "plate", length: 10, width: 0, height: 2 })).toBe("size");
    expect(shapeProblem({ kind: "plate", length: 10, width: Number.NaN, height: 2 })).toBe("size");
    expect(shapeProblem({ kind: "tube", outside: 30, inside: 30, length: 10 })).toBe("bore");
    expect(shapeProblem({ kind: "tube", outside: 30, inside: 20, length: 10 })).toBeNull();
  });
});

describe("build-up", () => {
  test("half out: a surface moves half the thickness, a diameter the whole, a 60° thread's pitch diameter twice", () => {
    const growth = buildUp(50, 0.5);
    expect(growth.perSurface).toBeCloseTo(25, 10);
    expect(growth.diameter).toBeCloseTo(50, 10);
    expect(growth.threadPitchDiameter).toBeCloseTo(100, 10);
  });
  test("the thread changes four times the growth per surface, whatever the share", () => {
    for (const share of [0.33, 0.5, 0.67, 1]) {
      const growth = buildUp(20, share);
      expect(growth.threadPitchDiameter).toBeCloseTo(4 * growth.perSurface, 10);
    }
  });
  test("an outside diameter is machined under its finished size; a bore over it", () => {
    const growth = buildUp(50, 0.5);
    expect(machineTo(25, "outside", growth)).toBeCloseTo(24.95, 10);
    expect(machineTo(12, "bore", growth)).toBeCloseTo(12.05, 10);
  });
  test("a coating that grows nothing out changes no size", () => {
    expect(machineTo(25, "outside", buildUp(10, 0))).toBe(25);
  });
});

describe("tank fit", () => {
  const line: Line = {
    plant: "Plant one",
    name: "Line A",
    inside: { length: 2500, width: 600, height: 1200 },
    clearance: 50,
    maxMass: 40,
  };
  test("the largest part is the inside less the clearance on both sides, largest size first", () => {
    expect(largestPart(line)).toEqual([2400, 1100, 500]);
  });
  test("a part fits turned any way: the same box in each of its six orientations", () => {
    const sizes = [2300, 450, 1000];
    const turns = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    for (const [a, b, c] of turns)
      expect(fitOn(line, { length: sizes[a], width: sizes[b], height: sizes[c] }, 10).fits).toBe(true);
  });
  test("a part that does not fit in any orientation is told too large; one over the mass too heavy", () => {
    const long = fitOn(line, { length: 2450, width: 100, height: 100 }, 5);
    expect(long).toMatchObject({ fits: false, tooLarge: true, tooHeavy: false });
    const wide = fitOn(line, { length: 1000, width: 1000, height: 600 }, 5);
    expect(wide.tooLarge).toBe(true);
    expect(fitOn(line, { length: 100, width: 100, height: 100 }, 41)).toMatchObject({ fits: false, tooHeavy: true });
    expect(fitOn(line, { length: 2400, width: 1100, height: 500 }, 40).fits).toBe(true);
  });
  test("every line answers, those that take the part first", () => {
    const small: Line = {
      ...line,
      plant: "Plant two",
      name: "Line B",
      inside: { length: 1500, width: 500, height: 900 },
    };
    const fits = fitsOf([small, line], { length: 2000, width: 100, height: 100 }, 5);
    expect(fits.map((fit) => [fit.line.name, fit.fits])).toEqual([
      ["Line A", true],
      ["Line B", false],
    ]);
  });
});

describe("price band", () => {
  const rates: Rates = {
    bands: [
      { from: 5, to: 25, low: 10, high: 14 },
      { from: 25, to: 60, low: 30, high: 45 },
    ],
    masking: { low: 20, high: 35 },
    lotMinimum: 2500,
  };
  test("the thickness picks its band; a thickness no band holds has none", () => {
    expect(bandFor(rates, 25)?.low).toBe(10);
    expect(bandFor(rates, 25.5)?.low).toBe(30);
    expect(bandFor(rates, 50)?.low).toBe(30);
    expect(bandFor(rates, 80)).toBeUndefined();
    expect(priceBand(rates, { thickness: 80, area: 1, masked: 0, quantity: 1 })).toBeNull();
  });
  test("per part: the area at the band's rate, plus each masked feature", () => {
    const band = priceBand(rates, { thickness: 50, area: 2, masked: 1, quantity: 1000 });
    expect(band?.perPart).toEqual({ low: 2 * 30 + 20, high: 2 * 45 + 35 });
    expect(band?.perLot).toEqual({ low: 80_000, high: 125_000 });
    expect(band?.atMinimum).toBe(false);
  });
  test("the band rises with the area and with the quantity", () => {
    const at = (area: number, quantity: number) => priceBand(rates, { thickness: 10, area, masked: 0, quantity })!;
    const areas = [1, 2, 5, 10].map((area) => at(area, 500).perLot.low);
    expect(areas).toEqual([...areas].sort((a, b) => a - b));
    expect(new Set(areas).size).toBe(areas.length);
    const quantities = [300, 600, 1200].map((quantity) => at(1, quantity).perLot.high);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    expect(at(3, 500).perPart.high).toBeGreaterThan(at(2, 500).perPart.high);
  });
  test("the lot minimum is a floor under the lot, never added to it", () => {
    const few = priceBand(rates, { thickness: 10, area: 1, masked: 0, quantity: 10 })!;
    expect(few.perLot).toEqual({ low: 2500, high: 2500 });
    expect(few.atMinimum).toBe(true);
    const some = priceBand(rates, { thickness: 10, area: 1, masked: 0, quantity: 200 })!;
    // 2,000 to 2,800: the low end raised to the minimum, the high end its own.
    expect(some.perLot).toEqual({ low: 2500, high: 2800 });
    const many = priceBand(rates, { thickness: 10, area: 1, masked: 0, quantity: 1000 })!;
    expect(many.perLot).toEqual({ low: 10_000, high: 14_000 });
    expect(many.atMinimum).toBe(false);
  });
});
