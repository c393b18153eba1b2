// Bad figures on the desk are refused naming the field (issue 73): a negative or reversed
// rate, bands that overlap, a tank without its sizes, a lead time set in the future.
import { estimateSchema } from "../../src/schema/estimate";
import { today } from "../../src/schema/expiry";
import { validate } from "../../src/schema/validate";
import { desk } from "./desk";

const problems = (change: (content: ReturnType<typeof desk>) => void) => {
  const content = desk() as unknown as Record<string, unknown> & ReturnType<typeof desk>;
  change(content);
  return validate(estimateSchema, content, "en", { inside: () => true });
};

test("the tests' desk passes", () => {
  expect(problems(() => {})).toEqual([]);
});

test("a negative rate", () => {
  expect(problems((content) => (content.processes[0].bands[0].low = -1))).toEqual([
    { field: "en.processes[0].bands[0].low", message: expect.stringMatching(/between 0 and/) },
  ]);
});

test("a rate written high to low", () => {
  expect(problems((content) => (content.processes[0].bands[0].high = 5))).toEqual([
    { field: "en.processes[0].bands[0]", message: expect.stringMatching(/^high: is below low/) },
  ]);
});

test("thickness bands that overlap; bands that meet are fine", () => {
  expect(problems((content) => (content.processes[0].bands[1].from = 30))).toEqual([
    { field: "en.processes[0]", message: expect.stringMatching(/^bands\[1\]: 30–100 µm overlaps bands\[0\]/) },
  ]);
});

test("a process's thickness written thick to thin", () => {
  expect(problems((content) => (content.processes[0].thickness = { from: 60, to: 20 }))).toEqual([
    { field: "en.processes[0].thickness", message: "to: is below from (60)" },
  ]);
});

test("a tank without its sizes", () => {
  expect(
    problems(
      (content) => delete (content.plants[0].lines[0] as Partial<(typeof content.plants)[0]["lines"][0]>).tankWidth,
    ),
  ).toEqual([{ field: "en.plants[0].lines[0].tankWidth", message: "is required but missing or empty" }]);
});

test("a clearance that leaves no room", () => {
  expect(problems((content) => (content.plants[0].lines[0].clearance = 200))).toEqual([
    { field: "en.plants[0].lines[0]", message: expect.stringMatching(/^clearance: 200 mm/) },
  ]);
});

test("a lead time set in the future; today is fine", () => {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  expect(problems((content) => (content.processes[0].leadTime.setOn = tomorrow))).toEqual([
    { field: "en.processes[0].leadTime", message: expect.stringMatching(/^setOn: .* is in the future/) },
  ]);
  expect(problems((content) => (content.processes[0].leadTime.setOn = today()))).toEqual([]);
});

test("a currency that is not three letters", () => {
  expect(problems((content) => (content.prices.currency = "Rs"))).toEqual([
    { field: "en.prices.currency", message: expect.stringMatching(/three capital letters/) },
  ]);
});
