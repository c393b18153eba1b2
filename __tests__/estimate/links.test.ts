// What the desk names must exist (issue 73): a service page per process, a process per
// alloy note and line, a site plant per plant. On the tests' own content, broken on purpose.
import { copyContent, editYaml } from "../helpers/contentCopy";
import { loadContent } from "../../src/schema/load";

const DESK = "content/estimate.yaml";
const problemsAfter = (change: (data: Record<string, any>) => unknown) => {
  const dir = copyContent();
  editYaml(dir, DESK, change);
  return loadContent(dir).problems.map((p) => `${p.file} › ${p.field}: ${p.message}`);
};

test("the tests' desk is valid", () => {
  expect(problemsAfter(() => {})).toEqual([]);
});

test("a process that is no service page", () => {
  expect(
    problemsAfter((data) => {
      data.processes[1].service = "gamma";
    }),
  ).toEqual([
    expect.stringMatching(/^content\/estimate\.yaml › en\.processes\[1\]\.service: "gamma" is not a service page/),
    // beta's line names a process the desk no longer has.
    expect.stringMatching(
      /^content\/estimate\.yaml › en\.plants\[0\]\.lines\[0\]\.services\[1\]: "beta" is not a process of the desk/,
    ),
  ]);
});

test("an alloy note for a process the desk has not", () => {
  expect(
    problemsAfter((data) => {
      data.alloys[0].notes[0].service = "gamma";
    }),
  ).toEqual([
    expect.stringMatching(
      /^content\/estimate\.yaml › en\.alloys\[0\]\.notes\[0\]\.service: "gamma" is not a process of the desk/,
    ),
  ]);
});

test("a plant the site settings do not have", () => {
  expect(
    problemsAfter((data) => {
      data.plants[0].plant = "Plant Z";
    }),
  ).toEqual([
    expect.stringMatching(
      /^content\/estimate\.yaml › en\.plants\[0\]\.plant: "Plant Z" is not a plant in the site settings/,
    ),
  ]);
});
