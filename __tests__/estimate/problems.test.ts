import { problemLines } from "../../src/estimate/problems";
import { desk } from "./desk";

describe("the desk's problems in content's words", () => {
  const { words } = desk();

  it("lists each problem in the form's order, with the field's label", () => {
    const lines = problemLines({ quantity: "required", thickness: "number", inside: "bore" }, words);
    expect(lines.map((line) => line.name)).toEqual(["thickness", "inside", "quantity"]);
    expect(lines[0]).toEqual({
      name: "thickness",
      text: words.problems.number,
      line: `${words.thickness}: ${words.problems.number}`,
    });
    expect(lines[1].text).toBe(words.problems.bore);
  });

  it("names the shape's choice by the shape's label", () => {
    expect(problemLines({ areaMode: "choice" }, words)[0].line).toBe(`${words.shape}: ${words.problems.choice}`);
  });

  it("lists nothing when every figure can be read", () => {
    expect(problemLines({}, words)).toEqual([]);
  });
});
