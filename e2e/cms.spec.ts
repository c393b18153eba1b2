// The editor end to end: /admin from the production build, the editor's backend as
// `npm run cms` runs it (server/editor/, decap-server's middleware behind the guard, file
// mode) writing to a temporary copy of content/, and Chromium in between. The page
// reaches the backend at /api/v1 on its own origin, as on the server.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { parseYaml, stringifyYaml } from "../src/schema/yaml";
import { START_MS, spawnListening, uniqueWords } from "../server/tests/host";
import { homeSchema, sectionExamples, sectionTypes, siteSchema } from "../src/schema/content";
import { EMAIL } from "../src/schema/patterns";
import { loadContent } from "../src/schema/load";
import { estimateSchema } from "../src/schema/estimate";

type SiteWords = { footer: { unitsHeading: string }; navigation: { label: string }[] };

// Two valid numbers: whichever the content does not already hold is typed in.
const PHONES = ["+91 20 1234 5678", "+91 20 8765 4321"];

let repo: string;
let server: ChildProcess;
let port: number;

const siteFile = () => path.join(repo, "content", "site.yaml");
type Site = { contacts: { name: string; phone: string }[] };
/** The site settings' English (each language is under its own key: en:, de:). */
const readSite = () => (parseYaml(fs.readFileSync(siteFile(), "utf8")) as { en: Site }).en;
/** The file as parsed once decap-server has written it whole; undefined while it is half-written. */
const readSiteWhole = (): Site | undefined => {
  try {
    const site = readSite();
    return Array.isArray(site?.contacts) ? site : undefined;
  } catch {
    return undefined;
  }
};

test.beforeAll(async () => {
  // tsx compiling the editor's backend took over 30 s on a loaded two-core CI machine.
  test.setTimeout(START_MS);
  // decap-server only reads and writes under content/, so that is what is copied.
  repo = fs.mkdtempSync(path.join(os.tmpdir(), "cms-e2e-"));
  fs.cpSync("content", path.join(repo, "content"), { recursive: true });
  // Port 0: the backend says which port it took once it listens.
  ({ child: server, port } = await spawnListening(
    path.resolve("node_modules/.bin/tsx"),
    ["server/editor/main.ts", "--local"],
    { ...process.env, EDITOR_PORT: "0", EDITOR_REPO: repo },
  ));
});

test.afterAll(() => {
  server?.kill();
  fs.rmSync(repo, { recursive: true, force: true });
});

/** Headers that belong to one connection or encoding, not to the request passed on. */
const DROPPED_HEADERS = [
  "host",
  "connection",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "accept-encoding",
];

/** Logs in through the backend (on this test's port) and opens the site settings. */
async function openSiteSettings(page: Page) {
  const errors = await openEntry(page, siteSchema.label);
  // Decap's bundle is large: on a busy two-core machine the form can take a while.
  await expect(page.getByLabel("Company name", { exact: true })).toHaveValue(/\S/, { timeout: 30_000 });
  return errors;
}

/** Logs in through the backend (on this test's port) and opens a one-file collection's entry. */
async function openEntry(page: Page, label: string, { languagesSideBySide = false } = {}) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // Nothing but the site and the local backend: the editor must not need the internet.
  await page.route(
    (url) => !["127.0.0.1", "localhost"].includes(url.hostname),
    (route) => route.abort(),
  );
  // /api/v1 on the page's origin goes to this test's backend, as gatsby develop's proxy
  // (npm run cms) or nginx (the server) would pass it.
  // Node's own fetch, not route.fetch(): Playwright may dispose a route.fetch() response
  // before it is fulfilled ("Fetch response has been disposed") while Decap's calls overlap.
  await page.route("**/api/v1", async (route) => {
    const request = route.request();
    const headers = Object.fromEntries(
      Object.entries(request.headers()).filter(([name]) => !DROPPED_HEADERS.includes(name.toLowerCase())),
    );
    const body = request.postDataBuffer();
    let response: Response;
    try {
      response = await fetch(`http://127.0.0.1:${port}/api/v1`, {
        method: request.method(),
        headers,
        body: body ? new Uint8Array(body) : undefined,
      });
    } catch {
      // The backend closed the connection (a test's end stops it while Decap still asks):
      // Decap sees a failed request, as it would from a server gone; an unhandled
      // rejection here would fail the run outside any test.
      await route.abort("connectionclosed").catch(() => undefined);
      return;
    }
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(
        [...response.headers].filter(([name]) => !DROPPED_HEADERS.includes(name.toLowerCase())),
      ),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
  // Decap 3.16 keeps its right-hand pane in the browser ("cms.right-pane"): the preview
  // beside the English for most tests; the German beside the English (its default) in the
  // test that writes German.
  await page.addInitScript(
    (pane) => window.localStorage.setItem("cms.right-pane", pane),
    languagesSideBySide ? "i18n" : "preview",
  );
  await page.goto("/admin/");
  await page.getByRole("button", { name: "Login" }).click();
  // The collection in the side bar, then its one entry in the main list (which Decap
  // fills in only after it has read the file: the locator waits for it).
  await page.getByRole("complementary").getByRole("link", { name: label }).click();
  await page.getByRole("main").getByRole("link", { name: label }).click();
  return errors;
}

async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Publish now").click();
}

test.describe.configure({ mode: "serial", timeout: 90_000 });

test("a phone number changed in the editor changes exactly that value on disk", async ({ page }) => {
  const before = readSite();
  const newPhone = PHONES.find((phone) => phone !== before.contacts[0].phone)!;
  const errors = await openSiteSettings(page);
  // The list shows each contact folded, under its name: unfold the first (the first
  // button of its header; Decap leaves the button unlabelled).
  const header = page.getByText(before.contacts[0].name, { exact: true }).first().locator("..");
  await header.getByRole("button").first().click();
  const phone = page.getByLabel("Phone", { exact: true }).first();
  await expect(phone).toHaveValue(before.contacts[0].phone);
  await phone.fill(newPhone);
  await publish(page);
  // Exactly that value changed, once the file is written whole.
  const expected = structuredClone(before);
  expected.contacts[0].phone = newPhone;
  await expect.poll(readSiteWhole).toEqual(expected);
  expect(errors).toEqual([]);
});

test("German words written beside the English are saved under de:, and what is stated once is not asked again", async ({
  page,
}) => {
  const tagline = uniqueWords("Eloxal aus Pune,");
  const errors = await openEntry(page, siteSchema.label, { languagesSideBySide: true });
  const label = siteSchema.fields.company.fields.tagline.label;
  // The English pane first, the German beside it: a translated field is in both.
  await expect(page.getByLabel(label, { exact: true })).toHaveCount(2, { timeout: 30_000 });
  await page.getByLabel(label, { exact: true }).nth(1).fill(tagline);
  await publish(page);
  const german = () => {
    try {
      type German = { company?: { tagline?: string }; contacts?: Record<string, unknown>[] };
      return (parseYaml(fs.readFileSync(siteFile(), "utf8")) as { de?: German }).de;
    } catch {
      return undefined; // half-written
    }
  };
  await expect.poll(() => german()?.company?.tagline, { timeout: 30_000 }).toBe(tagline);
  // A phone is stated once, in English: nothing under de: states one. (Decap draws a list
  // item's every field in each pane; what it asks in German is cms-config.test's.)
  expect((german()?.contacts ?? []).filter((contact) => "phone" in contact)).toEqual([]);
  expect(errors).toEqual([]);
});

test("German that states another figure than the English is refused in the build's words, and nothing is written", async ({
  page,
}) => {
  const before = fs.readFileSync(siteFile(), "utf8");
  await openEntry(page, siteSchema.label, { languagesSideBySide: true });
  const label = siteSchema.fields.company.fields.tagline.label;
  await expect(page.getByLabel(label, { exact: true })).toHaveCount(2, { timeout: 30_000 });
  // A year the English tagline does not state: only words are translated.
  const figure = String(new Date().getFullYear() - 1);
  await page.getByLabel(label, { exact: true }).nth(1).fill(`Eloxal aus Pune seit ${figure}`);
  await publish(page);
  await expect(page.getByText(/states other figures than the English/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(new RegExp(`de\\.company\\.tagline.*has ${figure}`))).toBeVisible();
  // (Decap leaves the refused save as an unhandled rejection in the page: not checked here.)
  expect(fs.readFileSync(siteFile(), "utf8")).toBe(before);
});

test("the editor refuses to save an invalid e-mail address", async ({ page }) => {
  const before = fs.readFileSync(siteFile(), "utf8");
  await openSiteSettings(page);
  await page.getByLabel("Contact e-mail", { exact: true }).fill("sales at example dot com");
  await publish(page);
  await expect(page.getByText(`Contact e-mail didn't match the pattern: ${EMAIL.message}`)).toBeVisible();
  await expect(page.getByText(/unsaved changes/i)).toBeVisible();
  expect(fs.readFileSync(siteFile(), "utf8")).toBe(before);
});

test("the preview shows what the build would refuse, in its words, instead of a broken page", async ({ page }) => {
  await openSiteSettings(page);
  const preview = page.frameLocator("iframe").first();
  // The site's own footer, drawn by its components, is in the preview.
  await expect(preview.locator("footer#footer")).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Company name", { exact: true }).fill("");
  await expect(preview.getByRole("alert")).toContainText("company.name: is required");
  await expect(preview.locator("footer#footer")).toHaveCount(0);
});

test("with German chosen in the editor, the preview draws the German page, or says what it lacks", async ({ page }) => {
  await openSiteSettings(page);
  const preview = page.frameLocator("iframe").first();
  await expect(preview.locator("footer#footer")).toBeVisible({ timeout: 30_000 });
  await page.getByText("Writing in EN").click();
  await page.getByRole("menuitem", { name: /^de$/i }).click();
  await expect(page.getByText("Writing in DE")).toBeVisible();
  // What the preview shows is what the build would publish, read from the content.
  const { files } = loadContent(repo);
  const german = files.find((file) => file.kind === "site")!.translations.de as SiteWords | undefined;
  const framedInGerman = ["enquiry", "clients"].every(
    (kind) => files.find((file) => file.kind === kind)!.translations.de,
  );
  if (german && framedInGerman) {
    await expect(preview.locator('[lang="de"] footer#footer')).toContainText(german.footer.unitsHeading);
    await expect(preview.getByRole("navigation").first()).toContainText(german.navigation[0].label);
  } else {
    await expect(preview.getByRole(german ? "alert" : "status")).toContainText(/German/);
  }
});

test("the estimate desk's preview is the desk, in the file's words, or the build's refusal", async ({ page }) => {
  const desk = loadContent(repo).files.find((file) => file.kind === "estimate");
  // The desk is optional content: without its file there is no entry to preview.
  expect(desk, "content/estimate.yaml is in the editor's content").toBeDefined();
  const words = desk!.data as { heading: string; words: { waiting: string; submit: string } };
  const errors = await openEntry(page, estimateSchema.label);
  const preview = page.frameLocator("iframe").first();
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(words.heading, { timeout: 30_000 });
  await expect(preview.locator("#estimate-said")).toHaveText(words.words.waiting);
  await expect(preview.getByRole("button", { name: words.words.submit, exact: true })).toBeVisible();
  await page.getByLabel("Heading", { exact: true }).fill("");
  await expect(preview.getByRole("alert")).toContainText("heading: is required");
  expect(errors).toEqual([]);
});

test("the editor links to the staff's guide, which opens as a page of the editor", async ({ page, context }) => {
  await openSiteSettings(page);
  // docs/editing.md's own headings: the guide staff read is the one in the repository, rendered.
  const guideText = fs.readFileSync("docs/editing.md", "utf8");
  const heading = /^# (.+)$/m.exec(guideText)![1];
  const firstSection = /^## (.+)$/m.exec(guideText)![1];
  const [guide] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: /^Help: how to change the site/ }).click(),
  ]);
  await guide.waitForLoadState();
  expect(new URL(guide.url()).pathname).toBe("/admin/help/");
  await expect(guide.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(guide.getByRole("heading", { level: 2, name: firstSection })).toBeVisible();
});

test("a certificate uploaded in the editor is stored in documents/ beside the page, and the page names it", async ({
  page,
}) => {
  const homeFile = path.join(repo, "content", "home.yaml");
  type Home = { sections: { type: string; documents?: { title: string; file: string }[] }[] };
  const documentsOf = (data: Home) => data.sections.find((section) => section.type === "documents")?.documents;
  const pdf = fs.readFileSync("__tests__/fixtures/content/services/documents/current.pdf");
  const name = `renewed-${Date.now()}.pdf`;
  const file = parseYaml(fs.readFileSync(homeFile, "utf8")) as { en: Home };
  const before = file.en;
  if (!documentsOf(before)) {
    // Content without certificates: the test gives this copy of it a block of its own.
    fs.mkdirSync(path.join(repo, "content", "documents"), { recursive: true });
    fs.writeFileSync(path.join(repo, "content", "documents", "test.pdf"), pdf);
    const example = {
      ...sectionExamples.documents,
      documents: [{ title: "Test certificate", file: "documents/test.pdf" }],
    };
    before.sections.push({ type: "documents", ...example });
    fs.writeFileSync(homeFile, stringifyYaml(file));
  }
  const first = documentsOf(before)![0];

  const errors = await openEntry(page, homeSchema.label);
  await expect(page.getByLabel(homeSchema.fields.title.label, { exact: true })).toHaveValue(/\S/, { timeout: 30_000 });
  // The page's sections are folded, each under its kind; so is each document, under its
  // title: unfold the documents section, then its first document.
  const unfold = (label: string) =>
    page.getByText(label, { exact: true }).first().locator("..").getByRole("button").first().click();
  await unfold(sectionTypes.documents.label);
  await unfold(first.title);
  await page.locator('[aria-label="file field"]').first().getByText("Choose different file").click();
  await page.locator("input[type=file]").setInputFiles({ name, mimeType: "application/pdf", buffer: pdf });
  await page.getByRole("button", { name: "Choose selected" }).click();
  await expect(page.locator('[aria-label="file field"]').first()).toContainText(`documents/${name}`);
  await publish(page);

  // The upload went through the guard (which checks the whole content first: slow
  // on a busy machine) into the documents folder beside the page…
  const stored = path.join(repo, "content", "documents", name);
  await expect.poll(() => fs.existsSync(stored) && fs.readFileSync(stored).equals(pdf), { timeout: 30_000 }).toBe(true);
  // …and the page, written whole, names it instead of the old file.
  const whole = () => {
    try {
      return documentsOf((parseYaml(fs.readFileSync(homeFile, "utf8")) as { en: Home }).en)?.[0]?.file;
    } catch {
      return undefined;
    }
  };
  await expect.poll(whole, { timeout: 30_000 }).toBe(`documents/${name}`);
  expect(errors).toEqual([]);
});
