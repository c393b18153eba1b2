// The site in several languages (issue 54): each page in each language it is published
// in, as the build's own plan says (src/build/languagePages.ts), read from the content:
// its language, its heading in that language, its twins for search engines and for the
// visitor (the language switch), and links that stay in its language where they can.
// None of it depends on the width: these run once (playwright.config.ts); the switch
// itself, in the bar or the folded menu, is tried at both (language-switch.spec.ts), and
// axe judges every page in every language at both (accessibility.spec.ts).
import { DEFAULT_LANGUAGE, LANGUAGES } from "../src/schema/languages";
import { pathIn } from "../src/language/paths";
import { NOT_FOUND_PATH } from "../src/build/languagePages";
import { headingOf, languagePagesBuilt, listedPages } from "./content";
import { expect, open, test } from "./fixtures";

const published = (language: string) =>
  new Set(listedPages.filter((page) => page.page.language === language).map((page) => page.path));

for (const planned of listedPages) {
  const { path: route, page } = planned;
  test(`${route} is in ${LANGUAGES[page.language].inEnglish}, with its twins named for search engines and visitors`, async ({
    page: tab,
    baseURL,
  }) => {
    // Nothing from another host on load (the footer's map frame comes only near the footer: privacy.spec).
    const elsewhere: string[] = [];
    tab.on("request", (request) => {
      const url = new URL(request.url());
      if (
        url.origin !== new URL(baseURL!).origin &&
        request.frame() === tab.mainFrame() &&
        !["data:", "blob:"].includes(url.protocol)
      )
        elsewhere.push(url.href);
    });
    await open(tab, route);
    await expect(tab.locator("html")).toHaveAttribute("lang", page.language);
    await expect(tab.locator("h1")).toHaveText(headingOf(planned));
    const canonical = await tab.locator('link[rel="canonical"]').getAttribute("href");
    expect(new URL(canonical!).pathname).toBe(route);

    // hreflang: every twin and x-default (the English), only where there is a twin.
    const twins = Object.entries(page.alternates);
    const hreflang = await tab
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        links.map((link) => [link.getAttribute("hreflang"), new URL(link.getAttribute("href")!).pathname]),
      );
    expect(hreflang).toEqual(twins.length > 1 ? [...twins, ["x-default", page.alternates[DEFAULT_LANGUAGE]]] : []);

    // The switch: a link to each other twin, named in its own language.
    const switches = tab.locator("#site-menu a[hreflang]");
    const others = twins.filter(([language]) => language !== page.language);
    await expect(switches).toHaveCount(others.length);
    for (const [language, path] of others) {
      const link = tab.locator(`#site-menu a[hreflang="${language}"]`);
      await expect(link).toHaveAttribute("href", path);
      await expect(link).toHaveAttribute("lang", language);
      await expect(link).toHaveText(LANGUAGES[language as keyof typeof LANGUAGES].name);
    }

    // Links stay in the page's language where the page they lead to is in it.
    if (page.language !== DEFAULT_LANGUAGE) {
      const here = published(page.language);
      const links = await tab
        .locator("header a[href^='/'], main a[href^='/'], footer a[href^='/']")
        .evaluateAll((all) => all.filter((a) => !a.hasAttribute("hreflang")).map((a) => a.getAttribute("href")!));
      for (const href of links) {
        const target = href.split(/[?#]/)[0] || "/";
        const twin = pathIn(page.language, target);
        expect(here.has(target) || !here.has(twin), `${href} leads to the English though ${twin} exists`).toBe(true);
      }
    }
    expect(elsewhere).toEqual([]);
  });
}

test("the sitemap lists each page with its twins", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap-0.xml")).text();
  const entries = [...sitemap.matchAll(/<url>(.*?)<\/url>/g)].map((match) => match[1]);
  const loc = (entry: string) => new URL(/<loc>([^<]+)<\/loc>/.exec(entry)![1]).pathname;
  expect(entries.map(loc).sort()).toEqual(listedPages.map((page) => page.path).sort());
  for (const { path, page } of listedPages) {
    const entry = entries.find((each) => loc(each) === path)!;
    const links = [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [
      lang,
      new URL(href).pathname,
    ]);
    const twins = Object.entries(page.alternates);
    expect(links, path).toEqual(twins.length > 1 ? [...twins, ["x-default", page.alternates[DEFAULT_LANGUAGE]]] : []);
  }
});

for (const notFound of languagePagesBuilt.filter((page) => page.template === "notFound")) {
  const { language } = notFound.page;
  const missing = `${pathIn(language, "")}/missing-page`;
  test(`${missing} answers 404 with the not-found page in ${LANGUAGES[language].inEnglish}`, async ({ page }) => {
    const response = await page.goto(missing);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.locator("h1")).toHaveText(headingOf(notFound));
    expect(pathIn(language, NOT_FOUND_PATH)).toBe(notFound.path);
  });
}
