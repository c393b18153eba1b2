// A document past its last valid day is a warning (content:check, the publish status),
// never a refusal: the site still builds, and the page leaves the document out.
import fs from "node:fs";
import { expiredDocuments, today } from "../../src/schema/expiry";
import { contentReport, loadContent } from "../../src/schema/load";
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
