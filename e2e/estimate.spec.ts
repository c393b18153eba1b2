// The estimate desk in the browser with JavaScript, in each language it is published in:
// the answer as the buyer types, exactly as src/estimate/ says it for the desk the page
// itself carries (built from content/estimate.yaml and the standards' pages), the
// problems' summary, the ways in from the first screens, and the firm-quote button's way
// to the quote form. The same desk without JavaScript is the enquiry service's: its
// host test is server/tests/enquiry.spec.ts.
import { decodeEstimate } from "../src/estimate/carry";
import { fieldId } from "../src/estimate/problems";
import { pathIn } from "../src/language/paths";
import { axeViolations } from "./axe";
import { contentIn, languagePagesBuilt, type EnquiryContent } from "./content";
import { deskOf, describePart, expectedLines, partFor, shownLines } from "./estimateDesk";
import { expect, open, test } from "./fixtures";

const desks = languagePagesBuilt.filter((planned) => planned.template === "estimate");

for (const planned of desks) {
  const route = planned.path;
  const { language } = planned.page;

  test(`${route}: answers as the buyer types, as src/estimate/ says it for the page's own desk`, async ({ page }) => {
    await open(page, route);
    const data = await deskOf(page);
    await expect(page.locator("#estimate-said")).toHaveText(data.desk.words.waiting);
    const part = partFor(data);
    await describePart(page, part);
    const today = new Date().toISOString().slice(0, 10);
    const expected = expectedLines(data, part, today);
    await expect.poll(() => shownLines(page)).toEqual(expect.arrayContaining(expected));
    // Nothing is marked wrong while the buyer types.
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`${route}: the button on a part half described lists the problems above the form, with focus`, async ({
    page,
  }) => {
    await open(page, route);
    const { desk } = await deskOf(page);
    await page.locator(`#${fieldId("mass")}`).fill("heavy");
    await page.getByRole("button", { name: desk.words.submit, exact: true }).click();
    const summary = page.locator("#estimate-problems");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("heading")).toHaveText(desk.words.problems.summary);
    const mass = page.locator(`#${fieldId("mass")}`);
    await expect(mass).toHaveAttribute("aria-invalid", "true");
    await expect(mass).toHaveAccessibleDescription(desk.words.problems.number);
    await summary.getByRole("link", { name: new RegExp(`^${desk.words.mass.replace(/[()]/g, "\\$&")}`) }).click();
    await expect(mass).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`${route}: the firm-quote button takes the part to the quote form, its process chosen`, async ({ page }) => {
    await open(page, route);
    const data = await deskOf(page);
    const part = partFor(data);
    await describePart(page, part);
    await page.getByRole("button", { name: data.desk.words.firmQuote, exact: true }).click();
    const enquiryIn = contentIn<EnquiryContent>("content/enquiry.yaml", language);
    await expect(page).toHaveURL(new RegExp(`${pathIn(language, `/${enquiryIn.slug}`)}\\?`));
    await page.waitForFunction(() => document.querySelector('[data-ready="false"]') === null);
    const carried = await page.locator('input[name="estimate"]').inputValue();
    expect(decodeEstimate(carried)).toMatchObject(part);
    await expect(page.locator('select[name="service"]')).toHaveValue(part.process!);
    if (enquiryIn.estimateNote) await expect(page.getByText(enquiryIn.estimateNote)).toBeVisible();
  });

  const servicePage = languagePagesBuilt.find((one) => one.template === "service" && one.page.language === language);
  if (servicePage)
    test(`${servicePage.path}: the first screen leads to ${route} with its process chosen`, async ({ page }) => {
      await open(page, servicePage.path);
      const link = page.locator(`main a[href="${route}?service=${servicePage.slug}"]`).first();
      await link.click();
      await page.waitForFunction(() => document.querySelector('[data-ready="false"]') === null);
      const data = await deskOf(page);
      // A service the desk prices is chosen; any other leaves the desk's first.
      const priced = data.desk.processes.some((process) => process.service === servicePage.slug);
      const process = priced ? servicePage.slug! : data.desk.processes[0].service;
      await expect(page.locator(`#${fieldId("process")}`)).toHaveValue(process);
    });

  const standardPage = languagePagesBuilt.find((one) => one.template === "standard" && one.page.language === language);
  if (standardPage)
    test(`${standardPage.path}: the first screen leads to ${route} with its standard and first type chosen`, async ({
      page,
    }) => {
      await open(page, standardPage.path);
      await page.locator(`main a[href="${route}?standard=${standardPage.slug}"]`).first().click();
      await page.waitForFunction(() => document.querySelector('[data-ready="false"]') === null);
      const data = await deskOf(page);
      const standard = data.standards.find((one) => one.slug === standardPage.slug)!;
      await expect(page.locator(`#${fieldId("standard")}`)).toHaveValue(standard.slug);
      await expect(page.locator(`#${fieldId("grade")}`)).toHaveValue(standard.offered[0].designation);
    });
}
