import { choicesOnArrival, withChoice } from "../../src/estimate/arrival";
import type { StandardChoice } from "../../src/estimate/form";

// Fixture choices the tests own: two processes, one standard whose first grade names one.
const processes = ["process-a", "process-b"];
const standards: StandardChoice[] = [
  {
    slug: "std-one",
    designation: "STD 1",
    offered: [
      { designation: "Type X", service: "process-b" },
      { designation: "Type Y", service: "process-a" },
    ],
  },
  { slug: "std-two", designation: "STD 2", offered: [{ designation: "Grade Z", service: "not-on-the-desk" }] },
];

describe("what a buyer arrives at the desk with", () => {
  it("takes a service page's process", () => {
    expect(choicesOnArrival("?service=process-a", processes, standards)).toEqual({ process: "process-a" });
  });

  it("takes a standard page's standard, its first type and class, and the process that names", () => {
    expect(choicesOnArrival("?standard=std-one", processes, standards)).toEqual({
      standard: "std-one",
      grade: "Type X",
      process: "process-b",
    });
  });

  it("leaves the process alone when the standard's grade names one the desk does not price", () => {
    expect(choicesOnArrival("?standard=std-two", processes, standards)).toEqual({
      standard: "std-two",
      grade: "Grade Z",
    });
  });

  it("ignores what is not a choice of the desk", () => {
    for (const search of ["", "?service=nope", "?standard=nope", "?colour=Black", "?service="])
      expect(choicesOnArrival(search, processes, standards)).toEqual({});
  });
});

describe("what a choice on the desk brings with it", () => {
  const start = { process: "process-a", thickness: "50" };

  it("a standard starts at its first type and class, and the process that names", () => {
    expect(withChoice(start, "standard", "std-one", processes, standards)).toEqual({
      ...start,
      process: "process-b",
      standard: "std-one",
      grade: "Type X",
    });
  });

  it("a type and class chooses the process it names", () => {
    const chosen = withChoice(start, "standard", "std-one", processes, standards);
    expect(withChoice(chosen, "grade", "Type Y", processes, standards)).toMatchObject({
      grade: "Type Y",
      process: "process-a",
    });
  });

  it("leaves the process alone for a type whose process the desk does not price, and for any other field", () => {
    const chosen = withChoice(start, "standard", "std-two", processes, standards);
    expect(chosen.process).toBe("process-a");
    expect(withChoice(start, "thickness", "60", processes, standards)).toEqual({ ...start, thickness: "60" });
  });
});
