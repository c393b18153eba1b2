// A document past its last valid day is a warning (content:check, the publish status),
// never a refusal: the site still builds, and the page leaves the document out.
import fs from "node:fs";
import {
  LAPSE_WARNING_DAYS,
  expiredDocuments,
  lapsingDocuments,
  nextContentChange,
  today,
} from "../../src/schema/expiry";
import { contentReport } from "../../src/schema/report";
import { loadContent } from "../../src/schema/load";
import { copyContent, editYaml } from "../helpers/contentCopy";

let project: string;
beforeEach(() => (project = copyContent()));
afterEach(() => fs.rmSync(project, { recursive: true, force: true }));

type Documents = { type: string; documents: { title: string; validUntil?: string }[] };
const documentsOf = (page: Record<string, unknown>) =>
  (page.sections as Documents[]).find((s) => s.type === "documents")!;

test("a document valid through a day warns from the next day on, naming its file and title", () => {
  editYaml(project, "content/services/beta.yaml", (page) => {
    documentsOf(page).documents = [{ ...documentsOf(page).documents[0], title: "Lapsing", validUntil: "2030-06-15" }];
  });
  const { files } = loadContent(project);
  expect(expiredDocuments(files, "2030-06-15")).toEqual([]);
  expect(expiredDocuments(files, "2030-06-16")).toEqual([
    { file: "content/services/beta.yaml", message: expect.stringMatching(/^"Lapsing" was valid until 2030-06-15/) },
  ]);
  const report = contentReport(loadContent(project), "2030-06-16");
  expect(report.valid).toBe(true);
  expect(report.warnings).toHaveLength(1);
});

test("documents without a last valid day never lapse", () => {
  editYaml(project, "content/services/beta.yaml", (page) => {
    for (const document of documentsOf(page).documents) delete document.validUntil;
  });
  expect(expiredDocuments(loadContent(project).files, "9999-12-31")).toEqual([]);
});

test("today is the UTC day, as the build's date names it", () => {
  expect(today(new Date("2026-03-31T23:30:00Z"))).toBe("2026-03-31");
  expect(today(new Date("2026-04-01T00:00:00+05:30"))).toBe("2026-03-31");
});

test(`staff are warned ${LAPSE_WARNING_DAYS} days ahead while the page still offers the document (issue 36)`, () => {
  editYaml(project, "content/services/beta.yaml", (page) => {
    documentsOf(page).documents = [{ ...documentsOf(page).documents[0], title: "Lapsing", validUntil: "2030-06-15" }];
  });
  const { files } = loadContent(project);
  expect(lapsingDocuments(files, "2030-06-01")).toEqual([]);
  expect(lapsingDocuments(files, "2030-06-02")).toEqual([
    { file: "content/services/beta.yaml", message: expect.stringMatching(/^"Lapsing" is valid until 2030-06-15/) },
  ]);
  expect(lapsingDocuments(files, "2030-06-15")).toHaveLength(1);
  // From the next day on it is lapsed, and said so instead.
  expect(lapsingDocuments(files, "2030-06-16")).toEqual([]);
  expect(contentReport(loadContent(project), "2030-06-10").warnings).toHaveLength(1);
});

test("the next day a build would differ: the warning's start, then the lapse, then none (issue 36)", () => {
  editYaml(project, "content/services/beta.yaml", (page) => {
    const [first] = documentsOf(page).documents;
    documentsOf(page).documents = [
      { ...first, title: "Early", validUntil: "2030-06-15" },
      { ...first, title: "Late", validUntil: "2031-01-31" },
    ];
  });
  const { files } = loadContent(project);
  expect(nextContentChange(files, "2030-01-01")).toBe("2030-06-02");
  expect(nextContentChange(files, "2030-06-02")).toBe("2030-06-16");
  expect(nextContentChange(files, "2030-06-16")).toBe("2031-01-18");
  expect(nextContentChange(files, "2031-02-01")).toBeNull();
  expect(contentReport(loadContent(project), "2030-06-02").nextChange).toBe("2030-06-16");
});
