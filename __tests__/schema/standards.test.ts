// What a standard's page and a plant must be, and what content:check says of a plant
// search engines cannot place (issue 55). On the tests' own content, broken on purpose.
import { copyContent, editYaml } from "../helpers/contentCopy";
import { loadContent } from "../../src/schema/load";
import { contentReport } from "../../src/schema/report";
import { formatProblems } from "../../src/schema/report";

const STANDARD = "content/standards/gamma.yaml";
const problemsAfter = (file: string, change: (data: Record<string, any>) => unknown) => {
  const dir = copyContent();
  editYaml(dir, file, change);
  return loadContent(dir).problems.map((p) => `${p.file} › ${p.field}: ${p.message}`);
};

describe("a standard's page", () => {
  it("is valid as the tests' content has it", () => {
    expect(loadContent(copyContent()).problems).toEqual([]);
  });

  it("is refused when it cites a service page that does not exist, naming the file and field", () => {
    const problems = problemsAfter(STANDARD, (data) => {
      data.services.push("no_such_page");
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/standards\/gamma\.yaml › en\.services\[1\]: "no_such_page" is not a service page/,
      ),
    ]);
  });

  it("is refused when a type it does not offer is also listed as offered, whatever the spaces and capitals", () => {
    const problems = problemsAfter(STANDARD, (data) => {
      data.notOffered.items.push({ designation: "grade  1", text: "Also not." });
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^content\/standards\/gamma\.yaml › .*notOffered\.items\[1\]\.designation: "grade {2}1" is also listed as offered \(offered\.items\[0\]\)/,
    );
  });

  it("is refused when a type it offers names a service the standard does not (the estimate desk's check)", () => {
    const problems = problemsAfter(STANDARD, (data) => {
      data.offered.items[0].service = "beta";
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/standards\/gamma\.yaml › en\.offered\.items\[0\]\.service: "beta" is not among this standard's services/,
      ),
    ]);
  });

  it("is refused when a type's thickness runs from thick to thin", () => {
    const problems = problemsAfter(STANDARD, (data) => {
      data.offered.items[0].thickness = { from: 30, to: 10 };
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/standards\/gamma\.yaml › en\.offered\.items\[0\]\.thickness: to: is below from \(30\)/,
      ),
    ]);
  });

  it("is refused when its address is a service page's", () => {
    const problems = problemsAfter(STANDARD, (data) => {
      data.slug = "alpha";
    });
    expect(problems.join("\n")).toMatch(/"alpha" is already used by content\/services\/alpha\.yaml/);
  });

  it("says which field in one message the build shows", () => {
    const dir = copyContent();
    editYaml(dir, STANDARD, (data) => {
      data.services = ["nowhere"];
    });
    expect(formatProblems(loadContent(dir).problems)).toContain("content/standards/gamma.yaml › en.services[0]");
  });
});

describe("a plant", () => {
  it("must have the postal code and town it names in its address", () => {
    const problems = problemsAfter("content/site.yaml", (data) => {
      data.units[0].postalCode = "999999";
    });
    expect(problems.join("\n")).toMatch(/units\[0\].*address: does not contain its postal code "999999"/);
  });

  it("must have both its latitude and longitude, or neither", () => {
    const problems = problemsAfter("content/site.yaml", (data) => {
      delete data.units[0].longitude;
    });
    expect(problems.join("\n")).toMatch(/longitude: give both the latitude and the longitude, or neither/);
  });

  it("must close after it opens, and name each day once", () => {
    expect(
      problemsAfter("content/site.yaml", (data) => {
        data.units[0].hours[0].closes = "08:00";
      }).join("\n"),
    ).toMatch(/closes: must be later than it opens \(08:30\)/);
    expect(
      problemsAfter("content/site.yaml", (data) => {
        data.units[0].hours[0].days = ["Monday", "Monday"];
      }).join("\n"),
    ).toMatch(/days: names a day twice/);
  });

  it("without its parts still builds, and content:check says what search engines lack", () => {
    const dir = copyContent();
    editYaml(dir, "content/site.yaml", (data) => {
      for (const part of ["locality", "postalCode", "region", "country", "latitude", "longitude", "hours"])
        delete data.units[0][part];
    });
    const loaded = loadContent(dir);
    expect(loaded.problems).toEqual([]);
    expect(contentReport(loaded).warnings).toContainEqual({
      file: "content/site.yaml",
      message: expect.stringMatching(
        /the plant "Plant A" has no town, postal code, state, country code, map position, opening hours/,
      ),
    });
  });
});
