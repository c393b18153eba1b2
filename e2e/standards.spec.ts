// A page per standard (issue 55), read from the content: what a drawing's standard means
// here, the types offered and not, what to write on a drawing, the service pages that
// work to it; the quote form opening with the specification filled in, with JavaScript
// and without; and the key facts and tables that name a standard linking to its page.
import { PAGE_FIELD, formFields } from "../src/enquiry/rules";
import { localLink, pathIn } from "../src/language/paths";
import { citations } from "../src/components/CitedText/citations";
import {
  contentIn,
  enquiry,
  home,
  languagePagesBuilt,
  listedPages,
  services,
  standardBySlug,
  standardFile,
  standardForms,
  standards,
  type EnquiryContent,
  type StandardContent,
} from "./content";
import { expect, open, test } from "./fixtures";

const standardPages = listedPages.filter((page) => page.template === "standard");
const namesOf = (standard: StandardContent) => [standard.designation, ...(standard.aliases?.names ?? [])];
const cited = standards.map((standard) => ({ slug: standard.slug, names: namesOf(standard) }));
/** The specification question's field name, as the form and the service name it (none: nothing to fill in). */
const specification = formFields(enquiry.form).find((rule) => rule.specification)?.name;
/** The standards the home page's key facts name, each with the words that name it. */
const namedAtHome = (home.hero.facts ?? []).flatMap((fact) => citations(fact, cited).filter((piece) => piece.slug));

test("the content has standard pages to test (the shipped content has two)", () => {
  expect(standards.length).toBeGreaterThan(0);
});

for (const planned of standardPages) {
  const { path: route, page } = planned;
  test(`${route} says what the standard is, what is offered and not, and what to write on a drawing`, async ({
    page: tab,
  }) => {
    const english = standardBySlug(planned.slug!);
    const file = contentIn<StandardContent>(standardFile(english.slug), page.language);
    await open(tab, route);
    await expect(tab.locator("h1")).toHaveText(english.designation);
    for (const name of english.aliases?.names ?? []) await expect(tab.locator("main")).toContainText(name);
    for (const item of file.offered.items)
      await expect(tab.getByRole("heading", { name: item.designation, exact: true })).toBeVisible();
    for (const item of file.notOffered?.items ?? [])
      await expect(tab.getByRole("heading", { name: item.designation, exact: true })).toBeAttached();
    await expect(tab.locator("main ol li")).toHaveText([...file.drawing.items]);
    // Each service page that works to it, in the page's language where it is in it.
    for (const slug of english.services) {
      await expect(tab.locator(`main a[href="${localLink(`/${slug}`, page)}"]`).first()).toBeAttached();
    }
    // Both ways to the form for this standard lead to its copy of the form.
    const form = localLink(`/${enquiry.slug}/${english.slug}`, page);
    await expect(tab.locator(`main a[href="${form}"]`)).toHaveCount(2);
  });
}

for (const planned of specification ? standardForms : []) {
  const standard = standardBySlug(planned.slug!);
  const words = contentIn<EnquiryContent>("content/enquiry.yaml", planned.page.language);
  const standardPage = localLink(`/${standard.slug}`, planned.page);

  test(`${planned.path} opens with the specification filled in, without JavaScript`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const tab = await context.newPage();
    await tab.goto(planned.path);
    await expect(tab.locator("h1")).toHaveText(words.heading);
    await expect(tab.locator(`[name="${specification}"]`)).toHaveValue(standard.designation);
    await expect(tab.locator(`input[type="hidden"][name="${PAGE_FIELD}"]`)).toHaveValue(standardPage);
    // Search engines are pointed at the form itself.
    const canonical = await tab.locator('link[rel="canonical"]').getAttribute("href");
    expect(new URL(canonical!).pathname).toBe(pathIn(planned.page.language, `/${enquiry.slug}`));
    await context.close();
  });

  test(`${planned.path} keeps the specification filled in once its script runs`, async ({ page: tab }) => {
    await open(tab, planned.path);
    await expect(tab.locator(`[name="${specification}"]`)).toHaveValue(standard.designation);
    if (standard.services.length === 1)
      await expect(tab.locator('select[name="service"]')).toHaveValue(standard.services[0]);
  });
}

// The pages that name a standard link to its page; each service it names has a link to it.
for (const service of services) {
  const citing = standards.filter((standard) => standard.services.includes(service.slug));
  if (citing.length === 0) continue;
  test(`/${service.slug} links to the standards that name it`, async ({ page: tab }) => {
    await open(tab, `/${service.slug}`);
    for (const standard of citing) await expect(tab.locator(`main a[href="/${standard.slug}"]`).first()).toBeAttached();
  });
}

if (namedAtHome.length > 0) {
  test("the home page's key facts link each standard they name to its page", async ({ page: tab }) => {
    await open(tab, "/");
    for (const piece of namedAtHome) {
      await expect(tab.locator(`a[href="/${piece.slug}"]`, { hasText: piece.text }).first()).toBeAttached();
    }
  });
}

test("each standard's form is built beside its page, in the same languages", () => {
  for (const page of languagePagesBuilt.filter((planned) => planned.template === "standard")) {
    const form = pathIn(page.page.language, `/${enquiry.slug}/${page.slug}`);
    // A standard's page is framed by the form's words in its language, so its form is there too.
    expect(standardForms.map((planned) => planned.path)).toContain(form);
  }
});
