// axe-core on every page in every language it is published in, and on each language's
// not-found page, at 1280 and 375 px wide (the two projects), with the folded menu and
// the Services drop-down open, with every question of a page's FAQ open, and with the
// quote form in its error state: zero violations of WCAG 2.2 A and AA.
import type { Page } from "@playwright/test";
import { pathIn } from "../src/language/paths";
import { axeViolations } from "./axe";
import {
  dropdown,
  enquiry,
  home,
  labels,
  languagePagesBuilt,
  listedPages,
  quoteRoute,
  routes,
  services,
} from "./content";
import { expect, open, openMenu, revealAll, test } from "./fixtures";

const ROUTES = [
  ...listedPages.map((planned) => planned.path),
  ...languagePagesBuilt
    .filter((planned) => planned.template === "notFound")
    .map((planned) => `${pathIn(planned.page.language, "")}/missing-page`),
];

/** Reveals every section (axe judges contrast on what is shown), then runs axe. */
async function violations(page: Page) {
  await revealAll(page);
  return axeViolations(page);
}

// axe weighs every element of a page: on a loaded two-core machine the home page took 33 s.
test.describe.configure({ timeout: 60_000 });

for (const route of ROUTES) {
  test(`${route} has no accessibility violations`, async ({ page }) => {
    await open(page, route);
    expect(await violations(page)).toEqual([]);
  });
}

test(`${quoteRoute} has no accessibility violations with the form in its error state`, async ({ page }) => {
  await open(page, quoteRoute);
  await page.locator('form button[type="submit"]').click();
  const summary = page.locator("#enquiry-problems");
  await expect(summary.getByRole("heading", { name: enquiry.problems.summary })).toBeVisible();
  await expect(summary).toBeFocused();
  expect(await violations(page)).toEqual([]);
});

/** The pages whose content has questions and answers (any valid content may have none). */
const withQuestions = [
  ...(home.sections.some((section) => section.type === "faq") ? ["/"] : []),
  ...services.filter((s) => s.sections.some((section) => section.type === "faq")).map((s) => `/${s.slug}`),
];

for (const route of withQuestions) {
  test(`${route} has no accessibility violations with every question open`, async ({ page }) => {
    await open(page, route);
    const questions = page.locator("main details");
    // Opened as a visitor opens them: a click on each question.
    for (const question of await questions.all()) {
      await question.locator("summary").click();
      await expect(question).toHaveAttribute("open", "");
    }
    expect(await violations(page)).toEqual([]);
  });
}

test("no violations with the menu and its drop-down open", async ({ page }) => {
  await open(page, "/");
  await openMenu(page);
  const nav = page.getByRole("navigation", { name: labels.mainNavigation, exact: true });
  if (dropdown) await nav.getByRole("button", { name: dropdown.label, exact: true }).click();
  // axe judges contrast on what is painted: let the drop-down's fade and the hover
  // transitions end first (a half-faded link fails contrast on a busy machine).
  await page.locator("header").evaluate((header) =>
    Promise.all(
      header
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  expect(await axeViolations(page, "header")).toEqual([]);
});

// The faster options in ./axe.ts must not blind it: a page made wrong on purpose is caught.
test("axe as these tests run it finds a missing text alternative and low contrast", async ({ page }) => {
  await open(page, routes[0]);
  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    main.insertAdjacentHTML(
      "afterbegin",
      '<img src="/favicon-32x32.png" width="32" height="32"><p style="color:#bbb;background:#fff">faint words</p>',
    );
  });
  const found = (await axeViolations(page)).map((line) => line.split(":")[0]);
  expect(found).toEqual(expect.arrayContaining(["image-alt", "color-contrast"]));
});
