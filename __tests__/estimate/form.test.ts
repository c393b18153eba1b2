// What a buyer typed, read into a part (issue 73): the same reading in the page and in the
// enquiry service. Choices are the tests' own.
import { readPart, type Values } from "../../src/estimate/form";

const choices = {
  processes: ["hard", "colour"],
  standards: [
    { slug: "std", designation: "STD-1", offered: [{ designation: "Type III", thickness: { from: 30, to: 60 } }] },
  ],
  alloys: ["6061"],
};
const shaft: Values = {
  process: "hard",
  thickness: "50",
  alloy: "6061",
  areaMode: "roundBar",
  diameter: "40",
  length: "300",
  mass: "2,5",
  quantity: "10",
  threads: "1",
  finished: "40",
};

test("a round bar, with a decimal comma and a finished diameter", () => {
  expect(readPart(shaft, choices)).toEqual({
    part: {
      service: "hard",
      thickness: 50,
      alloy: "6061",
      mass: 2.5,
      area: { kind: "roundBar", diameter: 40, length: 300 },
      envelope: undefined,
      quantity: 10,
      masked: { threads: 1, bores: 0 },
      finished: { diameter: 40, feature: "outside" },
    },
  });
});

test("a known area needs the part's size; a standard needs one of its grades", () => {
  const read = readPart({ ...shaft, areaMode: "area", area: "12", standard: "std", grade: "Type I" }, choices);
  expect(read).toEqual({ problems: { grade: "choice", width: "required", height: "required" } });
});

test("each bad figure is named: empty, not a number, out of bounds, not whole, a bore wider than the tube", () => {
  expect(
    readPart(
      { ...shaft, areaMode: "tube", inside: "45", thickness: "", mass: "heavy", quantity: "2.5", threads: "-1" },
      choices,
    ),
  ).toEqual({
    problems: { thickness: "required", mass: "number", quantity: "number", threads: "range", inside: "bore" },
  });
  expect(readPart({ ...shaft, length: "1e9" }, choices)).toEqual({ problems: { length: "range" } });
});

test("a process, standard or alloy not offered is refused as not a choice", () => {
  expect(readPart({ ...shaft, process: "chrome", standard: "nope", alloy: "unobtainium" }, choices)).toEqual({
    problems: { process: "choice", standard: "choice", alloy: "choice" },
  });
});
