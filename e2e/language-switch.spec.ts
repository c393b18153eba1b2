// The language switch (issue 54), where it is drawn at each width: in the bar on a
// desktop, in the folded menu on a phone. It leads to the same section of the page in the
// other language and back. The rest of the languages' tests (languages.spec.ts) do not
// depend on the width and run once.
import { DEFAULT_LANGUAGE, LANGUAGES } from "../src/schema/languages";
import { contentIn, listedPages, type SiteContent } from "./content";
import { expect, open, openMenu, test } from "./fixtures";

const home = listedPages.find((page) => page.template === "home" && page.page.language === DEFAULT_LANGUAGE)!;
const homeTwins = Object.entries(home.page.alternates).filter(([language]) => language !== DEFAULT_LANGUAGE);

test("the switch leads to the same section of the page in the other language, and back", async ({ page }) => {
  const sections = contentIn<SiteContent>("content/site.yaml", DEFAULT_LANGUAGE)
    .navigation.filter((item) => item.link?.startsWith("/#"))
    .map((item) => item.link!.slice(1));
  await open(page, `/${sections[0] ?? ""}`);
  await openMenu(page);
  await expect(page.locator("#site-menu a[hreflang]")).toHaveCount(homeTwins.length);
  for (const [language, path] of homeTwins) {
    await page.locator(`#site-menu a[hreflang="${language}"]`).click();
    await expect(page).toHaveURL(`${path}${sections[0] ?? ""}`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await open(page, page.url());
    await openMenu(page, contentIn<SiteContent>("content/site.yaml", language as keyof typeof LANGUAGES).labels);
    await page.locator(`#site-menu a[hreflang="${DEFAULT_LANGUAGE}"]`).click();
    await expect(page).toHaveURL(`/${sections[0] ?? ""}`);
  }
});
