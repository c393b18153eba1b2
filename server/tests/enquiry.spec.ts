// The request-for-quote form end to end, on one `npm run host` (temporary HOST_DIR, first
// release adopted from the suite's build) with a real SMTP server the tests start and
// stop: the form in Chromium with JavaScript off and on at both widths, every refusal,
// SMTP down and back, a failed delivery and the operator's command, a crash right after
// the mail server accepted, and 200 enquiries from 10 clients.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import {
  contentIn,
  enquiry,
  languagePagesBuilt,
  privacyRoute,
  quoteRoute,
  services,
  standardForms,
  standards,
  translatedPages,
  type EnquiryContent,
} from "../../e2e/content";
import { LANGUAGES } from "../../src/schema/languages";
import { axeViolations } from "../../e2e/axe";
import { revealAll } from "../../e2e/fixtures";
import { deskOf, describePart, expectedLines, partFor } from "../../e2e/estimateDesk";
import { ESTIMATE_API, ESTIMATE_COUNT_API } from "../../src/estimate/form";
import { TALLY_FILE, readEstimates } from "../enquiry/tally";
import { decodeEstimate } from "../../src/estimate/carry";
import { RECORD_MAX_BYTES } from "../../src/estimate/recordPdf";
import {
  ENQUIRY_API,
  MAX_FILES_BYTES,
  TOKEN_FIELD,
  fieldId,
  formFields,
  problemLine,
  problemText,
  questionFields,
} from "../../src/enquiry/rules";
import { REFERENCE_ID } from "../../src/enquiry/pages";
import type { Report } from "../analytics/report";
import { messageIdOf } from "../enquiry/message";
import { Spool } from "../enquiry/spool";
import { APP_DIR } from "../lib/settings";
import { START_MS, freePort, removeTestFolder, spawnListening, startHost, stopHost, type Host } from "./host";
import { FIELDS, SERVICE, fill, form } from "./quoteForm";
import { Inbox } from "./mail";
import { enquiryStatus, spoolEntry } from "../installed/records";
import { z } from "zod";

test.describe.configure({ mode: "serial", timeout: 2 * 60_000 });

let host: Host;
let inbox: Inbox;
let spool: Spool;
const extra: ChildProcess[] = [];

const WIDTHS = { mobile: { width: 375, height: 740 }, desktop: { width: 1280, height: 800 } };
const PDF = Buffer.from("%PDF-1.7\n% a drawing\n");
const PNG = Buffer.from("\x89PNG\r\n\x1a\n a photo", "latin1");
const word = (problem: Parameters<typeof problemText>[1], field?: string) =>
  problemText(
    enquiry.problems,
    problem,
    FIELDS.find((rule) => rule.name === field),
  );

/**
 * Posts a form as a script would (JSON answers), to the host's enquiry service itself
 * unless `url` says otherwise: nginx's own limit (deploy/nginx/enquiry.conf) is for
 * visitors, and has its own tests below.
 */
async function post(
  values: Record<string, string>,
  drawing?: { name: string; content: Buffer },
  {
    url = `http://127.0.0.1:${host.enquiryPort}${ENQUIRY_API}`,
    json = true,
    headers = {} as Record<string, string>,
  } = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    // A tick-box question's answers go as a browser sends them: the name once for each.
    const several = FIELDS.find((rule) => rule.name === name)?.input === "checkboxes";
    for (const one of several ? value.split("\n") : [value]) body.append(name, one);
  }
  if (drawing) body.append("drawing", new Blob([new Uint8Array(drawing.content)]), drawing.name);
  return fetch(url, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { ...(json ? { accept: "application/json" } : {}), ...headers },
  });
}

/**
 * A form post that announces `bytes` and sends none of them, as a client asking first
 * (Expect: 100-continue). nginx judges the size from the headers and answers at once.
 * Sending the body instead made the test fail on a loaded machine: nginx answers 413,
 * stops reading and closes, and fetch, still writing, dropped the answer (EPIPE).
 */
function announceOnly(url: string, bytes: number): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(bytes),
        expect: "100-continue",
      },
    });
    request.on("continue", () => reject(new Error("nginx asked for the body of a post over its limit")));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, html: Buffer.concat(chunks).toString("utf8") });
        request.destroy();
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.flushHeaders();
  });
}

/** Every enquiry the host holds, in any state. */
const stored = () => spool.list("pending").length + spool.list("sent").length + spool.list("failed").length;

/** Every other host unreachable, as in the site's own browser tests (the footer's map is one). */
const offline = (context: BrowserContext) =>
  context.route(
    (url) => url.origin !== new URL(host.url).origin,
    (route) => route.abort(),
  );

/** axe's WCAG 2.2 A and AA findings, as the site's own accessibility tests judge them. */
async function violations(page: Page, { javaScript = true } = {}) {
  if (javaScript) await revealAll(page);
  return axeViolations(page);
}

/**
 * axe on a page the service returned to a browser without JavaScript (it strips the
 * page's scripts): axe itself needs JavaScript, so the same HTML is opened, at the same
 * address, in a browser that has it.
 */
async function violationsOfHtml(browser: Browser, url: string, html: string) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  await offline(context);
  const page = await context.newPage();
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
  await page.goto(url);
  const found = await violations(page, { javaScript: false });
  await context.close();
  return found;
}

/** Where the operator has enquiries sent (ENQUIRY_TO). */
const RECIPIENT = "quotes@buyers-desk.test";

/** The enquiry service on its own (not through `npm run host`), with its own spool. */
async function startService(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; spool: Spool }> {
  const dir = env.ENQUIRY_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "enquiry-test-"));
  // Port 0: the service says which port it took once it listens.
  const { child, port } = await spawnListening(
    path.join(APP_DIR, "node_modules", ".bin", "tsx"),
    [path.join(APP_DIR, "server/enquiry/main.ts")],
    {
      ...process.env,
      HOST_DIR: host.dir,
      ENQUIRY_DIR: dir,
      ENQUIRY_PORT: "0",
      SMTP_URL: inbox.url,
      ENQUIRY_TO: RECIPIENT,
      ...env,
    },
  );
  extra.push(child);
  return { child, port, spool: new Spool(dir) };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.once("exit", resolve));

async function until(condition: () => boolean | Promise<boolean>, what: string, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test.beforeAll(async () => {
  test.setTimeout(START_MS + 60_000);
  inbox = await Inbox.create();
  host = await startHost({
    HOST_SEED_RELEASE: path.join(APP_DIR, "public"),
    SMTP_URL: inbox.url,
    ENQUIRY_TO: RECIPIENT,
    ENQUIRY_RETRY_MS: "200",
    ENQUIRY_RETRY_MAX_MS: "1000",
    // The load test posts 200 from one address (one sender takes a quarter of the hour at
    // most); the limits have their own tests below.
    ENQUIRY_POSTS_PER_MINUTE: "100000",
    ENQUIRY_POSTS_PER_HOUR: "100000",
    ENQUIRY_MB_PER_HOUR: "100000",
  });
  spool = new Spool(path.join(host.dir, "enquiry"));
  await until(() => fs.existsSync(spool.statusFile()), "the enquiry service's status.json");
});

test.beforeEach(({ context }) => offline(context));

test.afterAll(async () => {
  for (const child of extra) if (child.exitCode === null) child.kill("SIGTERM");
  await stopHost(host);
  await inbox?.close();
  if (test.info().errors.length === 0 && host) removeTestFolder(host.dir);
});

for (const [width, viewport] of Object.entries(WIDTHS)) {
  test.describe(`without JavaScript, ${width}`, () => {
    test.use({ javaScriptEnabled: false, viewport });

    test("a form with a drawing: 303 to a thank-you page with the reference, and the e-mail arrives whole", async ({
      page,
      browser,
    }) => {
      await page.goto(`${host.url}${quoteRoute}`);
      await fill(page, form());
      await page
        .locator('input[name="drawing"]')
        .setInputFiles({ name: "bracket rev B.pdf", mimeType: "application/pdf", buffer: PDF });
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(ENQUIRY_API) && r.request().method() === "POST"),
        page.locator('form button[type="submit"]').click(),
      ]);
      expect(response.status()).toBe(303);
      await expect(page).toHaveURL(new RegExp(`${ENQUIRY_API}/received/[0-9A-Z]{10}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(enquiry.received.title);
      const reference = (await page.locator(`#${REFERENCE_ID}`).textContent()) ?? "";
      expect(page.url()).toBe(`${host.url}${ENQUIRY_API}/received/${reference}`);
      expect(await violationsOfHtml(browser, page.url(), await page.content())).toEqual([]);

      const mail = await inbox.waitFor(reference);
      const values = form();
      expect(mail.replyTo?.value[0]).toMatchObject({ address: values.email, name: values.name });
      // The operator's address (ENQUIRY_TO), not anything in content.
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : "").toBe(RECIPIENT);
      expect(mail.messageId).toContain(reference);
      expect(mail.subject).toContain(reference);
      for (const name of ["name", "company", "email", "phone", "material", "quantity", "partSize", "message"])
        expect(mail.text).toContain(values[name]);
      // Each of content's questions on its own line, labelled, several answers on one.
      for (const rule of questionFields(FIELDS))
        expect(mail.text).toContain(`${rule.words.label}: ${values[rule.name].split("\n").join(", ")}`);
      expect(mail.text).toContain(services[0].hero.title);
      expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
        ["bracket rev B.pdf", PDF.toString()],
      ]);
      expect(mail.html).toBe(false);
    });

    test("problems come back as the form: listed above it with focus, each beside its field, what was typed kept", async ({
      page,
      browser,
    }) => {
      const before = stored();
      await page.goto(`${host.url}${quoteRoute}`);
      // Values the browser lets through but the service's rules refuse.
      await fill(page, form({ email: "asha@rao-castings" }));
      await page
        .locator('input[name="drawing"]')
        .setInputFiles({ name: "bracket.dwg", mimeType: "image/vnd.dwg", buffer: PDF });
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(ENQUIRY_API)),
        page.locator('form button[type="submit"]').click(),
      ]);
      expect(response.status()).toBe(422);
      const email = page.locator('form [name="email"]');
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toHaveAccessibleDescription(new RegExp(word("email").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      // GOV.UK's error summary: it takes focus, and lists each problem as a link to its field.
      const summary = page.locator("#enquiry-problems");
      await expect(summary).toBeFocused();
      const email_ = FIELDS.find((rule) => rule.name === "email")!;
      await expect(summary.getByRole("link", { name: problemLine(enquiry.problems, "email", email_) })).toHaveAttribute(
        "href",
        `#${fieldId("email")}`,
      );
      await summary.getByRole("link", { name: problemLine(enquiry.problems, "email", email_) }).click();
      await expect(page).toHaveURL(new RegExp(`#${fieldId("email")}$`));
      await expect(page.locator("#enquiry-drawing-error")).toHaveText(word("fileContent"));
      await expect(page.locator('form [name="name"]')).toHaveValue(form().name);
      await expect(page.locator('form [name="message"]')).toHaveValue(form().message);
      await expect(page.locator('form [name="service"]')).toHaveValue(SERVICE);
      await expect(page.locator('form [name="consent"]')).toBeChecked();
      // Round buttons and tick boxes come back as they were chosen.
      for (const rule of questionFields(FIELDS).filter((r) => r.options))
        for (const answer of form()[rule.name].split("\n"))
          await expect(page.locator(`form [name="${rule.name}"][value="${answer}"]`)).toBeChecked();
      await expect(page.getByRole("heading", { name: enquiry.problems.summary })).toBeVisible();
      expect(await violationsOfHtml(browser, `${host.url}/axe-check`, await response.text())).toEqual([]);
      expect(stored()).toBe(before);
    });
  });
}

// The form in each other language it is published in (issue 54), without JavaScript:
// its problems and its thank-you page in that language, and sales told which it was.
for (const planned of translatedPages.filter((page) => page.template === "enquiry")) {
  const { language } = planned.page;
  const words = contentIn<EnquiryContent>("content/enquiry.yaml", language);
  const shown = formFields(words.form, enquiry.form);
  test.describe(`without JavaScript, in ${LANGUAGES[language].inEnglish}`, () => {
    test.use({ javaScriptEnabled: false, viewport: WIDTHS.mobile });

    test(`${planned.path}: problems and thanks in ${LANGUAGES[language].inEnglish}; the e-mail, record and inbox say the language`, async ({
      page,
      browser,
    }) => {
      const before = stored();
      await page.goto(`${host.url}${planned.path}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      // The same names and answers as the English form: `fill` chooses by the English's values.
      await fill(page, form({ email: "asha@rao-castings" }));
      const [refused] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(ENQUIRY_API)),
        page.locator('form button[type="submit"]').click(),
      ]);
      expect(refused.status()).toBe(422);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      const summary = page.locator("#enquiry-problems");
      await expect(summary).toBeFocused();
      await expect(page.getByRole("heading", { name: words.problems.summary })).toBeVisible();
      const email = shown.find((rule) => rule.name === "email")!;
      await expect(summary.getByRole("link", { name: problemLine(words.problems, "email", email) })).toBeVisible();
      await expect(page.locator('form [name="name"]')).toHaveValue(form().name);
      expect(await violationsOfHtml(browser, `${host.url}/axe-check`, await refused.text())).toEqual([]);
      expect(stored()).toBe(before);

      await page.locator('form [name="email"]').fill(form().email);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(ENQUIRY_API) && r.request().method() === "POST"),
        page.locator('form button[type="submit"]').click(),
      ]);
      expect(response.status()).toBe(303);
      await expect(page).toHaveURL(new RegExp(`${ENQUIRY_API}/received/[0-9A-Z]{10}\\?language=${language}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.received.title);
      const reference = (await page.locator(`#${REFERENCE_ID}`).textContent()) ?? "";
      expect(await violationsOfHtml(browser, page.url(), await page.content())).toEqual([]);

      // Sales read it in English, told the buyer's language.
      const mail = await inbox.waitFor(reference);
      expect(mail.headers.get("x-enquiry-language")).toBe(language);
      expect(mail.text).toContain(`Language: ${LANGUAGES[language].inEnglish}`);
      for (const rule of questionFields(FIELDS))
        expect(mail.text).toContain(`${rule.words.label}: ${form()[rule.name].split("\n").join(", ")}`);
      const entry = [...spool.list("pending"), ...spool.list("sent")].find((each) => each.id === reference)!;
      expect(spool.readRecord(entry.id)).toMatchObject({ language });
    });
  });
}

/** The owner's report of the last 7 days, built as the hourly unit builds it, from this host's folders. */
function lastWeekReport() {
  execFileSync(path.join(APP_DIR, "node_modules", ".bin", "tsx"), ["server/analytics/main.ts"], {
    cwd: APP_DIR,
    env: { ...process.env, HOST_DIR: host.dir, VISITS_LOG_DIR: "", REPORT_DIR: "", ENQUIRY_DIR: "" },
    stdio: "inherit",
  });
  const summary = JSON.parse(fs.readFileSync(path.join(host.dir, "report", "summary.json"), "utf8")) as Report;
  return summary.periods.find((period) => period.id === "last-7-days")!;
}

// "Request a quote to this standard" (issue 55), without JavaScript: the form opens with
// the standard's designation as the specification, and the enquiry, its record and the
// owner's report name the standard's page it came from.
const specification = FIELDS.find((rule) => rule.specification);
for (const planned of specification ? standardForms.filter((page) => page.page.language === "en").slice(0, 1) : []) {
  const standard = standards.find((each) => each.slug === planned.slug)!;
  test(`${planned.path}: the specification filled in; the enquiry and the report name the standard's page`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: WIDTHS.mobile });
    await offline(context);
    const page = await context.newPage();
    await page.goto(`${host.url}${planned.path}`);
    await expect(page.locator(`form [name="${specification!.name}"]`)).toHaveValue(standard.designation);
    // Everything but the specification, as a buyer who keeps what the page filled in.
    await fill(page, form({ [specification!.name]: undefined }));
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(ENQUIRY_API) && r.request().method() === "POST"),
      page.locator('form button[type="submit"]').click(),
    ]);
    expect(response.status()).toBe(303);
    const reference = (await page.locator(`#${REFERENCE_ID}`).textContent()) ?? "";
    const mail = await inbox.waitFor(reference);
    expect(mail.text).toContain(`${specification!.words.label}: ${standard.designation}`);
    const entry = [...spool.list("pending"), ...spool.list("sent")].find((each) => each.id === reference)!;
    expect(spool.readRecord(entry.id)).toMatchObject({ page: `/${standard.slug}` });
    await context.close();

    // The owner's report counts it on the standard's page.
    const week = lastWeekReport();
    expect(week.pages.find((row) => row.path === `/${standard.slug}`)?.enquiries).toBeGreaterThanOrEqual(1);
  });
}

// The estimate desk without JavaScript (issue 73), in each language it is published in:
// the enquiry service answers it, its firm-quote button opens the quote form with the
// figures, and the request arrives with every figure and line of the desk, kept with the
// enquiry and counted in the owner's report on the desk's page.
for (const planned of languagePagesBuilt.filter((one) => one.template === "estimate")) {
  test(`${planned.path} without JavaScript: an estimate sent as a request for a quote arrives with its figures`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: WIDTHS.mobile });
    await offline(context);
    const page = await context.newPage();
    await page.goto(`${host.url}${planned.path}`);
    const data = await deskOf(page);
    const part = partFor(data);
    await describePart(page, part);
    const [answered] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(ESTIMATE_API) && r.request().method() === "POST"),
      page.getByRole("button", { name: data.desk.words.firmQuote, exact: true }).click(),
    ]);
    expect(answered.status()).toBe(200);
    // Never kept for another buyer (nginx and the service both say so).
    expect(answered.headers()["cache-control"]).toContain("no-store");
    // The part as typed, and the form's own first choices (an alloy, say) as a browser sends them.
    const sent = decodeEstimate(await page.locator('input[name="estimate"]').inputValue());
    expect(sent).toMatchObject(part);
    const enquiryIn = contentIn<EnquiryContent>("content/enquiry.yaml", planned.page.language);
    if (enquiryIn.estimateNote) await expect(page.getByText(enquiryIn.estimateNote)).toBeVisible();
    expect(await violationsOfHtml(browser, page.url(), await page.content())).toEqual([]);

    await fill(page, form());
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(ENQUIRY_API) && r.request().method() === "POST"),
      page.locator('form button[type="submit"]').click(),
    ]);
    expect(response.status()).toBe(303);
    const reference = (await page.locator(`#${REFERENCE_ID}`).textContent()) ?? "";
    await context.close();

    // Every figure by the desk's label, and every line the desk said, worked out again.
    const lines = expectedLines(data, sent, new Date().toISOString().slice(0, 10));
    const mail = await inbox.waitFor(reference);
    expect(mail.text).toContain(`${data.desk.words.thickness}: ${part.thickness}`);
    for (const line of lines) expect(mail.text).toContain(line);
    const record = spool.readRecord(reference)!;
    expect(record.page).toBe(planned.path);
    expect(record.estimate?.lines.map((line) => line.replace(/^! /, ""))).toEqual(lines);

    // The owner's report counts the estimate, and the request sent from the desk's page.
    const week = lastWeekReport();
    expect(week.estimates?.total).toBeGreaterThanOrEqual(1);
    expect(week.estimates?.becameRequests).toBeGreaterThanOrEqual(1);
    const language = LANGUAGES[planned.page.language].inEnglish;
    expect(week.estimates?.byLanguage.find((row) => row.name === language)?.count).toBeGreaterThanOrEqual(1);
  });

  test(`${planned.path} with JavaScript: the requirements of record download; leaving counts the estimate, nothing of the buyer`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: WIDTHS.desktop });
    await offline(context);
    const page = await context.newPage();
    await page.goto(`${host.url}${planned.path}`);
    await page.waitForFunction(() => document.querySelector('[data-ready="false"]') === null);
    const data = await deskOf(page);
    const part = partFor(data);
    await describePart(page, part);
    await expect(page.locator("#estimate-said h3").first()).toBeVisible();
    // Counted twice in all, whenever the page's beacon goes: the service counts the part
    // it made the PDF of, and the page counts itself once as the buyer leaves it.
    const before = estimatesIn(planned.page.language, part.process!);
    const beacon = page.waitForRequest((r) => r.url().endsWith(ESTIMATE_COUNT_API) && r.method() === "POST");
    // The requirements of record: a PDF under its bound, the page staying.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: data.desk.words.record, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^requirements-E-[0-9A-F]{8}\.pdf$/);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.length).toBeLessThan(RECORD_MAX_BYTES);
    await expect(page).toHaveURL(`${host.url}${planned.path}`);
    // The buyer switches to another tab: the page is hidden, and its beacon goes. (Leaving
    // by a navigation sends it too, but a test browser may drop a request sent while its
    // page unloads.)
    await page.evaluate(() => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    // Its process, standard and language, and no figure of the part.
    expect((await beacon).postData() ?? "").not.toContain(part.thickness!);
    await until(() => estimatesIn(planned.page.language, part.process!) >= before + 2, "the estimates counted");
    await context.close();
  });
}

/** How many estimates of `process` in `language` the enquiry service's tally holds. */
const estimatesIn = (language: string, process: string) =>
  readEstimates(path.join(host.dir, "enquiry", TALLY_FILE)).filter(
    ({ estimate }) => estimate.language === language && estimate.process === process,
  ).length;

for (const [width, viewport] of Object.entries(WIDTHS)) {
  test.describe(`with JavaScript, ${width}`, () => {
    test.use({ viewport });

    test("checks fields as they are left, sends with the token and lands on the thank-you page", async ({ page }) => {
      await page.goto(`${host.url}${quoteRoute}?service=${SERVICE}`);
      await expect(page.locator("form[data-ready]")).toBeVisible();
      await expect(page.locator('form [name="service"]')).toHaveValue(SERVICE);
      expect(await violations(page)).toEqual([]);

      const email = page.locator('form [name="email"]');
      await email.fill("asha@");
      await email.blur();
      await expect(page.locator("#enquiry-email-error")).toHaveText(word("email"));
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await email.fill("asha@rao-castings.test");
      await expect(page.locator("#enquiry-email-error")).toHaveText("");

      // Sending with required fields empty lists the problems above the form, with focus
      // there; each links to its field, and axe finds nothing wrong with the form so.
      await page.locator('form button[type="submit"]').click();
      const summary = page.locator("#enquiry-problems");
      await expect(summary).toBeFocused();
      await expect(summary.getByRole("heading", { name: enquiry.problems.summary })).toBeVisible();
      const name = FIELDS.find((rule) => rule.name === "name")!;
      await summary.getByRole("link", { name: problemLine(enquiry.problems, "required", name) }).click();
      await expect(page.locator('form [name="name"]')).toBeFocused();
      await expect(page.locator("#enquiry-name-error")).toHaveText(word("required", "name"));
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`form-problems-${width}.png`), fullPage: true });

      await fill(page, form({ name: `Asha ${width}` }));
      const drawing = page.locator('input[name="drawing"]');
      await drawing.setInputFiles({ name: "bracket.png", mimeType: "image/png", buffer: PDF });
      await expect(page.locator("#enquiry-drawing-error")).toHaveText(word("fileContent"));
      // Several files at once: a drawing and a photo.
      await drawing.setInputFiles([
        { name: "bracket.pdf", mimeType: "application/pdf", buffer: PDF },
        { name: "photo.png", mimeType: "image/png", buffer: PNG },
      ]);
      await expect(page.locator("#enquiry-drawing-error")).toHaveText("");

      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith(ENQUIRY_API) && r.method() === "POST"),
        page.locator('form button[type="submit"]').dblclick(),
      ]);
      expect(request.postData()).toMatch(new RegExp(`name="${TOKEN_FIELD}"\\r\\n\\r\\n[0-9a-f]{36}`));
      await expect(page).toHaveURL(new RegExp(`${ENQUIRY_API}/received/[0-9A-Z]{10}$`));
      const reference = (await page.locator(`#${REFERENCE_ID}`).textContent()) ?? "";
      const mail = await inbox.waitFor(reference);
      expect(mail.text).toContain(`Asha ${width}`);
      expect(mail.attachments.map((a) => a.filename)).toEqual(["bracket.pdf", "photo.png"]);
      expect(spool.stateOf(reference)).not.toBeNull();
    });
  });
}

test("the form page loads no script from another host and links its privacy notice, call and WhatsApp", async ({
  page,
}) => {
  const hosts = new Set<string>();
  page.on("request", (request) => hosts.add(new URL(request.url()).host));
  await page.goto(`${host.url}${quoteRoute}`);
  await expect(page.locator("form[data-ready]")).toBeVisible();
  expect([...hosts]).toEqual([new URL(host.url).host]);
  await expect(page.locator(`main a[href="${privacyRoute}"]`)).toHaveText(enquiry.privacyLinkLabel);
  await expect(page.locator('main a[href^="https://wa.me/"]')).toHaveAttribute(
    "href",
    `https://wa.me/${enquiry.alternatives.whatsapp.replace(/\D/g, "")}`,
  );
  await page.goto(`${host.url}${privacyRoute}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(enquiry.privacy.heading);
  expect(await violations(page)).toEqual([]);
});

test("one token, one enquiry: the same form sent twice gets the same reference", async () => {
  const before = stored();
  const values = form({ [TOKEN_FIELD]: "retry-token-0123456789abcdef" });
  const [first, second] = await Promise.all([post(values), post(values)]);
  const third = await post(values);
  const references = await Promise.all(
    [first, second, third].map(async (r) => ((await r.json()) as { reference: string }).reference),
  );
  expect(new Set(references).size).toBe(1);
  expect(stored()).toBe(before + 1);
  await inbox.waitFor(references[0]);
});

test.describe("bad input gets a clear answer and writes nothing", () => {
  const cases: [
    string,
    Record<string, string>,
    { name: string; content: Buffer } | undefined,
    number,
    Record<string, string>?,
  ][] = [
    ["a missing name", form({ name: undefined }), undefined, 422, { name: "required" }],
    ["an invalid e-mail", form({ email: "asha" }), undefined, 422, { email: "email" }],
    ["an unknown service", form({ service: "gold_plating" }), undefined, 422, { service: "choice" }],
    ["no consent", form({ consent: undefined }), undefined, 422, { consent: "consent" }],
    [
      "CR LF in the name (header injection)",
      form({ name: "Asha\r\nBcc: all@x.test" }),
      undefined,
      422,
      { name: "oneLine" },
    ],
    ["LF in the company", form({ company: "Rao\nCastings" }), undefined, 422, { company: "oneLine" }],
    ["a message over its maximum", form({ message: "x".repeat(5001) }), undefined, 422, { message: "tooLong" }],
    ["a name over its maximum", form({ name: "x".repeat(101) }), undefined, 422, { name: "tooLong" }],
    [
      "a PDF that is not one",
      form(),
      { name: "a.pdf", content: Buffer.from("PK\x03\x04zip") },
      422,
      { drawing: "fileContent" },
    ],
    [
      "a PNG that is a JPEG",
      form(),
      { name: "a.png", content: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) },
      422,
      { drawing: "fileContent" },
    ],
    [
      "a STEP file that is HTML",
      form(),
      { name: "a.stp", content: Buffer.from("<html>") },
      422,
      { drawing: "fileContent" },
    ],
    ["a DWG that is text", form(), { name: "a.dwg", content: Buffer.from("hello") }, 422, { drawing: "fileContent" }],
    ["a DXF that is text", form(), { name: "a.dxf", content: Buffer.from("hello") }, 422, { drawing: "fileContent" }],
    [
      "an IGES file without its section letter",
      form(),
      { name: "a.igs", content: Buffer.from(`${"x".repeat(80)}\n`) },
      422,
      { drawing: "fileContent" },
    ],
    ["a program", form(), { name: "setup.exe", content: Buffer.from("MZ") }, 422, { drawing: "fileType" }],
    ["a filled honeypot", form({ website: "http://spam.test" }), undefined, 400],
    ["a malformed token", form({ [TOKEN_FIELD]: "../../etc" }), undefined, 400],
  ];
  for (const [what, values, drawing, status, problems] of cases) {
    test(what, async () => {
      const before = stored();
      const response = await post(values, drawing);
      expect(response.status).toBe(status);
      if (problems) expect(((await response.json()) as { problems: unknown }).problems).toEqual(problems);
      expect(stored()).toBe(before);
    });
  }

  test("a body that is not a form: 415", async () => {
    const before = stored();
    const response = await fetch(`http://127.0.0.1:${host.enquiryPort}${ENQUIRY_API}`, {
      method: "POST",
      body: JSON.stringify(form()),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(415);
    expect(stored()).toBe(before);
  });

  test("files of the limit together and one byte: 413 from the service; of exactly the limit: stored", async () => {
    const before = stored();
    const over = Buffer.concat([Buffer.from("%PDF-"), Buffer.alloc(MAX_FILES_BYTES + 1 - 5)]);
    const refused = await post(form(), { name: "big.pdf", content: over });
    expect(refused.status).toBe(413);
    expect(stored()).toBe(before);
    const exact = await post(form(), { name: "big.pdf", content: over.subarray(0, MAX_FILES_BYTES) });
    expect(exact.status).toBe(201);
    expect(stored()).toBe(before + 1);
  });

  test("a form far over the limit: 413 from nginx, as the site's own page", async () => {
    const before = stored();
    // Past nginx's own limit (a little over the files' limit: deploy/nginx/enquiry.conf).
    const response = await announceOnly(`${host.url}${ENQUIRY_API}`, Math.ceil(MAX_FILES_BYTES * 1.3));
    expect(response.status).toBe(413);
    expect(response.html).toContain(`<h1>${enquiry.tooLarge.title}</h1>`);
    expect(stored()).toBe(before);
  });

  test("a spool that cannot be written: 503 with the phone and WhatsApp, never a thank-you", async ({ page }) => {
    const pending = spool.folder("pending");
    fs.renameSync(pending, `${pending}.away`);
    fs.writeFileSync(pending, "not a folder"); // as root, only this makes a write fail
    try {
      const response = await post(form(), undefined, { json: false });
      expect(response.status).toBe(503);
      await page.setContent(await response.text());
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(enquiry.unavailable.title);
      await expect(page.locator('a[href^="tel:"]').first()).toBeAttached();
      await expect(page.locator('a[href^="https://wa.me/"]')).toBeAttached();
    } finally {
      fs.rmSync(pending);
      fs.renameSync(`${pending}.away`, pending);
    }
  });
});

test("SMTP down: the visitor is thanked, staff see it waiting, and it is sent once the server is back", async ({
  page,
}) => {
  await inbox.close();
  const response = await post(form({ name: "Waiting Buyer" }));
  expect(response.status).toBe(201);
  const { reference } = (await response.json()) as { reference: string };
  expect(spool.stateOf(reference)).toBe("pending");
  // Each record the service writes is of the shape root checks it against (installed/records.ts).
  const waiting = async () => {
    const status = await fetch(`${host.url}/admin/enquiries.json`, { headers: host.auth });
    return status.ok ? enquiryStatus.parse(await status.json()).waiting : 0;
  };
  await until(async () => (await waiting()) >= 1, "staff's status to show it waiting");
  await page.setExtraHTTPHeaders(host.auth);
  await page.goto(`${host.url}/admin/`);
  await expect(page.locator("[data-waiting]")).not.toHaveAttribute("data-waiting", "0", { timeout: 20_000 });
  // And where enquiries go: the operator's address, which no login can change (issue 35).
  await expect(page.locator("[data-waiting]")).toContainText(`e-mailed to ${RECIPIENT}`);
  // The running service says its mail server fails (what doctor and the server's checks read, issue 36).
  const mail = async () => {
    const status = await fetch(`${host.url}/admin/enquiries.json`, { headers: host.auth });
    return status.ok ? enquiryStatus.parse(await status.json()).mail : undefined;
  };
  await until(async () => (await mail())?.state === "failing", "the service to say its mail server fails");
  expect((await mail())?.server).toBe(`127.0.0.1:${inbox.port}`);
  await inbox.open();
  await inbox.waitFor(reference);
  await until(() => spool.stateOf(reference) === "sent", "the enquiry to move to sent/");
  await until(async () => (await mail())?.state === "ok", "the service to say its mail server takes mail again");
});

test("a 5xx is failed for good; staff see it; npm run enquiries lists it, retries it and exports it", async ({
  page,
}) => {
  // Five runs of the operator's command, each started by tsx: minutes on a loaded CI machine.
  test.setTimeout(5 * 60_000);
  await until(() => spool.list("pending").length === 0, "the earlier enquiries to be sent");
  await inbox.open({ code: 550, text: "mailbox unavailable" });
  const { reference } = (await (await post(form({ name: "Refused Buyer" }))).json()) as { reference: string };
  await until(() => spool.stateOf(reference) === "failed", "the enquiry to fail");
  await page.setExtraHTTPHeaders(host.auth);
  await page.goto(`${host.url}/admin/`);
  await expect(page.locator("[data-failed]")).toContainText(reference, { timeout: 20_000 });

  const cli = (...args: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(
        path.join(APP_DIR, "node_modules", ".bin", "tsx"),
        [path.join(APP_DIR, "server/enquiry/enquiries.ts"), ...args],
        {
          cwd: APP_DIR,
          env: { ...process.env, HOST_DIR: host.dir },
        },
      );
      let out = "";
      child.stdout.on("data", (chunk) => (out += chunk));
      child.on("exit", (code) => resolve({ code, out }));
    });
  expect((await cli()).out).toMatch(new RegExp(`${reference}\\s+failed .*550`));
  // The list root reads (sitectl enquiries, doctor) is of the shape it checks.
  const listed = z.array(spoolEntry).parse(JSON.parse((await cli("--json")).out));
  expect(listed.find((entry) => entry.id === reference)).toMatchObject({ state: "failed" });
  const exported = await cli("--export", reference);
  expect(exported.out).toContain(`X-Enquiry-Reference: ${reference}`);
  await inbox.open();
  expect((await cli("--retry", reference)).code).toBe(0);
  const mail = await inbox.waitFor(reference);
  expect(exported.out).toContain(`Message-ID: ${mail.messageId}`);
  await until(() => spool.stateOf(reference) === "sent", "the retried enquiry to be sent");
  expect((await cli("--retry", "NOTANID")).code).toBe(1);
});

test("staff read an enquiry in the browser: the list, the enquiry, its drawing, handled, sent again (issue 37)", async ({
  browser,
}) => {
  await until(() => spool.list("pending").length === 0, "the earlier enquiries to be sent");
  await inbox.open({ code: 550, text: "mailbox unavailable" });
  const drawing = Buffer.concat([PDF, Buffer.from(`${Date.now()}`)]);
  const answer = await post(form({ name: "Inbox Buyer", company: "Inbox <b>Works</b>" }), {
    name: "bracket rev B.pdf",
    content: drawing,
  });
  const { reference } = (await answer.json()) as { reference: string };
  await until(() => spool.stateOf(reference) === "failed", "the enquiry to fail");

  const context = await browser.newContext({ httpCredentials: host.login, viewport: { width: 390, height: 844 } });
  await offline(context);
  const page = await context.newPage();
  await page.goto(`${host.url}/admin/`);
  await page.getByRole("link", { name: "Enquiries", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Enquiries", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText("Inbox <b>Works</b>");
  await expect(row).toContainText("Not e-mailed");
  await expect(row).toContainText("Not yet handled");
  expect(await violations(page, { javaScript: false })).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("inbox-390.png"), fullPage: true });
  await row.getByRole("link", { name: reference }).click();

  await expect(page.getByRole("heading", { name: `Enquiry ${reference}` })).toBeVisible();
  await expect(page.getByText("Inbox Buyer")).toBeVisible();
  expect(await violations(page, { javaScript: false })).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("enquiry-390.png"), fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /^Download bracket rev B\.pdf/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("bracket rev B.pdf");
  expect(fs.readFileSync(await download.path()).equals(drawing)).toBe(true);

  await page.getByRole("button", { name: "Mark as handled" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked as handled." })).toBeVisible();
  await expect(page.getByText(`Handled by ${host.login.username}`)).toBeVisible();
  expect(spool.handled(reference)?.by).toBe(host.login.username);

  await inbox.open();
  await page.getByRole("button", { name: "Send again by e-mail" }).click();
  const mail = await inbox.waitFor(reference);
  expect(mail.text).toContain(`/admin/enquiries/${reference}`);
  await until(() => spool.stateOf(reference) === "sent", "the enquiry sent again");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${host.url}/admin/enquiries/?show=all`);
  await page.screenshot({ path: test.info().outputPath("inbox-1440.png"), fullPage: true });
  await context.close();
});

test("the enquiries' pages: 401 without the login, 403 from another site, and the editor's secret opens nothing (issue 37)", async () => {
  const { reference } = (await (await post(form({ name: "Boundary Buyer" }))).json()) as { reference: string };
  for (const where of ["/admin/enquiries/", `/admin/enquiries/${reference}`, "/admin/enquiries/enquiries.csv"]) {
    expect((await fetch(`${host.url}${where}`)).status).toBe(401);
    const response = await fetch(`${host.url}${where}`, { headers: host.auth });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
  }
  const pressed = await fetch(`${host.url}/admin/enquiries/${reference}/handled`, {
    method: "POST",
    redirect: "manual",
    headers: { ...host.auth, origin: "https://elsewhere.test", "content-type": "application/x-www-form-urlencoded" },
  });
  expect(pressed.status).toBe(403);
  expect(spool.handled(reference)).toBeNull();
  // Straight to the service, as another process on the machine would, with the login's
  // name and the editor's secret (which the editor's user knows): refused.
  const direct = await fetch(`http://127.0.0.1:${host.enquiryPort}/admin/enquiries/${reference}`, {
    headers: {
      "x-staff-login": host.login.username,
      "x-staff-secret": process.env.EDITOR_PROXY_SECRET ?? "guess",
    },
  });
  expect(direct.status).toBe(401);
  expect(await direct.text()).not.toContain("Boundary Buyer");
});

test("the owner's report: nginx logs the visit shortened, the enquiry is counted with its page, staff read it behind the login (issue 39)", async ({
  browser,
}) => {
  const servicePage = `/${SERVICE}`;
  // A query string (a link that carried what someone typed) is not written (issue 52, finding 12).
  const visited = await fetch(`${host.url}${servicePage}?email=asha%40acme.test`, {
    headers: {
      referer: "https://www.google.com/",
      "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36",
    },
  });
  expect(visited.status).toBe(200);
  const answer = await post(form({ page: servicePage }));
  expect(answer.status).toBe(201);
  // nginx writes the line when it has answered: wait for it, then read what it wrote.
  const log = path.join(host.dir, "visits", "access.log");
  await until(
    () => fs.existsSync(log) && fs.readFileSync(log, "utf8").includes(`GET ${servicePage} `),
    "the visit in the log",
  );
  const written = fs.readFileSync(log, "utf8");
  // Every line begins with a shortened address, and no login name (the page's own address may be a referrer).
  const full = written.split("\n").filter((line) => line && !/^(\d+\.\d+\.\d+\.0|[0-9a-f:]*::) - - \[/.test(line));
  expect(full).toEqual([]);
  expect(written).toMatch(new RegExp(`^127\\.0\\.0\\.0 - - \\[[^\\]]+\\] "GET ${servicePage} HTTP/1\\.1" 200 `, "m"));
  expect(written).not.toContain("asha");

  const week = lastWeekReport();
  const service = week.services.find((item) => item.slug === SERVICE)!;
  expect(service.visitors).toBeGreaterThanOrEqual(1);
  expect(service.fromPage).toBeGreaterThanOrEqual(1);
  expect(week.referrers.find((item) => item.name === "www.google.com")).toMatchObject({ search: true });

  for (const where of ["/admin/report/", "/admin/report/last-7-days", "/admin/report/last-365-days"]) {
    expect((await fetch(`${host.url}${where}`)).status).toBe(401);
    const response = await fetch(`${host.url}${where}`, { headers: host.auth });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("cache-control")).toContain("no-store");
  }
  // Only the pages: not the summary, nothing beside or above the folder.
  for (const where of [
    "/admin/report/summary",
    "/admin/report/summary.json",
    "/admin/report/..%2f..%2fetc%2fpasswd",
    "/admin/report/index.html",
  ])
    expect((await fetch(`${host.url}${where}`, { headers: host.auth })).status).toBe(404);

  const context = await browser.newContext({ httpCredentials: host.login, viewport: { width: 390, height: 844 } });
  await offline(context);
  const page = await context.newPage();
  await page.goto(`${host.url}/admin/`);
  await page.getByRole("link", { name: "Visits report" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Visits and enquiries: last 30 days");
  await expect(page.getByRole("row").filter({ hasText: service.title }).first()).toBeVisible();
  expect(await violations(page, { javaScript: false })).toEqual([]);
  await context.close();
});

test("a crash right after the mail server accepted loses nothing: the same message is sent again", async () => {
  const service = await startService({ ENQUIRY_EXIT_AFTER_ACCEPT: "1", ENQUIRY_RETRY_MS: "200" });
  const response = await post(
    form({ name: "Crash Buyer" }),
    { name: "c.pdf", content: PDF },
    { url: `http://127.0.0.1:${service.port}${ENQUIRY_API}` },
  );
  const { reference } = (await response.json()) as { reference: string };
  expect(await exited(service.child)).toBe(75);
  expect(inbox.withReference(reference)).toHaveLength(1);
  expect(service.spool.stateOf(reference)).toBe("pending");

  const again = await startService({ ENQUIRY_DIR: service.spool.dir });
  await until(() => again.spool.stateOf(reference) === "sent", "the resent enquiry to be sent");
  const [first, second] = inbox.withReference(reference).map(messageIdOf);
  expect(second).toBe(first);
  again.child.kill("SIGTERM");
  await exited(again.child);
});

test("where enquiries go is the operator's: none set, they wait; once set, waiting ones go there, whatever their message says (issue 35)", async () => {
  const unset = await startService({ ENQUIRY_TO: "" });
  const response = await post(
    form({ name: "Waiting Buyer" }),
    { name: "w.pdf", content: PDF },
    { url: `http://127.0.0.1:${unset.port}${ENQUIRY_API}` },
  );
  const { reference } = (await response.json()) as { reference: string };
  await until(() => fs.existsSync(unset.spool.statusFile()), "the service's status.json");
  await until(
    () => (JSON.parse(fs.readFileSync(unset.spool.statusFile(), "utf8")) as { waiting: number }).waiting === 1,
    "the status to count it waiting",
  );
  const status = JSON.parse(fs.readFileSync(unset.spool.statusFile(), "utf8")) as { recipient: string };
  expect(status.recipient).toBe("");
  expect(unset.spool.stateOf(reference)).toBe("pending");
  unset.child.kill("SIGTERM");
  await exited(unset.child);
  expect(inbox.withReference(reference)).toHaveLength(0);

  // The operator sets the address (sitectl enquiries-to restarts the service with it).
  const operator = "orders@operator-set.test";
  const set = await startService({ ENQUIRY_DIR: unset.spool.dir, ENQUIRY_TO: operator });
  await until(() => set.spool.stateOf(reference) === "sent", "the waiting enquiry to be sent");
  expect(inbox.recipientsOf(reference)).toEqual([[operator]]);
  set.child.kill("SIGTERM");
  await exited(set.child);
});

test("too many forms from one address: 429; only 127.0.0.1 may say who the visitor is", async () => {
  const service = await startService({ ENQUIRY_POSTS_PER_MINUTE: "2" });
  const url = `http://127.0.0.1:${service.port}${ENQUIRY_API}`;
  const as = (address: string) => ({ url, headers: { "x-forwarded-for": address } });
  const statuses = [];
  for (let i = 0; i < 3; i += 1)
    statuses.push((await post(form({ name: undefined }), undefined, as("203.0.113.7"))).status);
  expect(statuses).toEqual([422, 422, 429]);
  // Another visitor behind the same nginx is not held back.
  expect((await post(form({ name: undefined }), undefined, as("203.0.113.8"))).status).toBe(422);
  const page = await post(form({ name: undefined }), undefined, { ...as("203.0.113.7"), json: false });
  expect(page.status).toBe(429);
  expect(await page.text()).toContain(`<h1>${enquiry.tooMany.title}</h1>`);
  // From any other address (127.0.0.2 here) the header is not believed: a new one each
  // time does not escape the limit.
  const fromElsewhere = (n: number) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(url, {
        method: "POST",
        localAddress: "127.0.0.2",
        headers: { "x-forwarded-for": `198.51.100.${n}`, "content-type": "text/plain", "content-length": 2 },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.end("hi");
    });
  const elsewhere = [];
  for (let n = 1; n <= 3; n += 1) elsewhere.push(await fromElsewhere(n));
  expect(elsewhere).toEqual([415, 415, 429]);
  service.child.kill("SIGTERM");
  await exited(service.child);
});

const BOUNDS: { limit: string; env: Record<string, string>; stored: number }[] = [
  {
    limit: "an hour's enquiries from everyone (ENQUIRY_POSTS_PER_HOUR)",
    env: { ENQUIRY_POSTS_PER_HOUR: "2" },
    stored: 2,
  },
  { limit: "the spool's size (ENQUIRY_SPOOL_MAX_MB)", env: { ENQUIRY_SPOOL_MAX_MB: "0.0001" }, stored: 0 },
  { limit: "the free disk kept for builds (HOST_MIN_FREE_MB)", env: { HOST_MIN_FREE_MB: "1000000000" }, stored: 0 },
];
for (const { limit, env, stored: fits } of BOUNDS) {
  test(`past ${limit}, forms from any address are refused with the phone and WhatsApp (issue 27, finding 1)`, async ({
    page,
  }) => {
    // No mail server: what is stored stays waiting, as when the inbox is down.
    const service = await startService({ ...env, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    const url = `http://127.0.0.1:${service.port}${ENQUIRY_API}`;
    const statuses = [];
    for (let i = 1; i <= fits + 1; i += 1) {
      statuses.push((await post(form(), undefined, { url, headers: { "x-forwarded-for": `203.0.113.${i}` } })).status);
    }
    expect(statuses).toEqual([...Array(fits).fill(201), 503]);
    expect(service.spool.list("pending")).toHaveLength(fits);
    const refused = await post(form(), undefined, { url, headers: { "x-forwarded-for": "198.51.100.9" }, json: false });
    expect(refused.status).toBe(503);
    await page.setContent(await refused.text());
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(enquiry.unavailable.title);
    await expect(page.locator('a[href^="tel:"]').first()).toBeAttached();
    await expect(page.locator('a[href^="https://wa.me/"]')).toBeAttached();
    service.child.kill("SIGTERM");
    await exited(service.child);
  });
}

test("nginx's own 429 shows the site's page", async () => {
  const responses = await Promise.all(
    Array.from({ length: 80 }, () => fetch(`${host.url}${ENQUIRY_API}/received/0000000000`)),
  );
  const refused = responses.filter((response) => response.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  expect(await refused[0].text()).toContain(`<h1>${enquiry.tooMany.title}</h1>`);
  // Let the bucket fill again before the next test goes through nginx.
  await until(
    async () => (await fetch(`${host.url}${ENQUIRY_API}/received/0000000000`)).status !== 429,
    "nginx's limit to pass",
  );
});

/** Opens a form upload from `from` that sends its headers and then nothing; resolves once nginx reads its body. */
function slowUpload(from: string) {
  const { hostname, port } = new URL(host.url);
  return new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress: from }, () =>
      socket.write(
        `POST ${ENQUIRY_API} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          "Content-Type: multipart/form-data; boundary=slow\r\nContent-Length: 1000000\r\n" +
          "Expect: 100-continue\r\n\r\n",
      ),
    );
    // nginx says "100 Continue" when it starts reading the body: past its connection limit.
    socket.once("data", (data) => {
      if (data.toString().startsWith("HTTP/1.1 100")) resolve(socket);
      else reject(new Error(`a slow upload was answered: ${data.toString().split("\r\n")[0]}`));
    });
    socket.on("error", reject);
  });
}

test("slow uploads hold at most 4 connections per address; other visitors are not held up (issue 27, finding 12)", async () => {
  const slow = await Promise.all(Array.from({ length: 4 }, () => slowUpload("127.0.0.77")));
  try {
    const status = (from: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${host.url}${ENQUIRY_API}/received/0000000000`, { localAddress: from }, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          })
          .on("error", reject);
      });
    // A fifth from the same address is turned away; another address is served.
    expect(await status("127.0.0.77")).toBe(429);
    expect(await status("127.0.0.78")).not.toBe(429);
  } finally {
    for (const socket of slow) socket.destroy();
  }
});

test("load: 200 enquiries from 10 clients, SMTP down until the 100th is stored: 200 delivered, once each", async () => {
  test.setTimeout(6 * 60_000);
  await inbox.close();
  const url = `http://127.0.0.1:${host.enquiryPort}${ENQUIRY_API}`;
  const before = inbox.files().length;
  const references: string[] = [];
  let accepted = 0;
  const started = Date.now();
  let reopened: Promise<void> | undefined;
  const client = async (n: number) => {
    for (let i = 0; i < 20; i += 1) {
      const response = await post(
        form({ name: `Load ${n}-${i}` }),
        { name: `part-${n}-${i}.pdf`, content: PDF },
        { url },
      );
      expect(response.status).toBe(201);
      references.push(((await response.json()) as { reference: string }).reference);
      accepted += 1;
      if (accepted === 100) reopened = inbox.open();
    }
  };
  await Promise.all(Array.from({ length: 10 }, (_, n) => client(n)));
  const intakeSeconds = (Date.now() - started) / 1000;
  await reopened;
  await until(
    () => inbox.files().length - before >= 200 && spool.list("pending").length === 0,
    "200 deliveries",
    4 * 60_000,
  );
  const deliverySeconds = (Date.now() - started) / 1000;
  expect(new Set(references).size).toBe(200);
  const ids = inbox
    .files()
    .map((file) => fs.readFileSync(file, "utf8"))
    .filter((raw) => references.some((reference) => raw.includes(`X-Enquiry-Reference: ${reference}`)))
    .map((raw) => messageIdOf(Buffer.from(raw)));
  expect(ids).toHaveLength(200);
  expect(new Set(ids).size).toBe(200);
  for (const reference of references) expect(spool.stateOf(reference)).toBe("sent");
  const figures = `intake ${(200 / intakeSeconds).toFixed(1)}/s (${intakeSeconds.toFixed(1)} s); all delivered ${deliverySeconds.toFixed(1)} s after the first post`;
  test.info().annotations.push({ type: "load", description: figures });
  console.log(`enquiry load: ${figures}`);
});
