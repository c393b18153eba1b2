// Link integrity over the served site: linkinator follows every internal link, image,
// script and stylesheet from the home page; then every #anchor a page links to must
// exist on its target page, and every link to another host must open safely.
import { routes } from "./content";
import { expect, test } from "./fixtures";

const pages = [...routes, "/404"];

test("no broken internal link, image, script or stylesheet", async ({ baseURL }) => {
  test.setTimeout(120_000);
  const { check } = await import("linkinator");
  const origin = new URL(baseURL!).origin;
  // From every route, not only the home page: a page nothing links to yet is valid
  // content (content:check warns of it) and its own links are checked all the same.
  const result = await check({
    path: routes.map((route) => `${origin}${route}`),
    recurse: true,
    concurrency: 8,
    // Other hosts (the map, the web-mail link) are not ours to test, and not reachable here.
    linksToSkip: async (link) => !link.startsWith(origin),
  });
  const broken = result.links.filter((link) => link.state === "BROKEN");
  const checked = result.links.filter((link) => link.state === "OK");
  console.log(`linkinator: ${checked.length} links checked, ${broken.length} broken`);
  expect(broken.map((link) => `${link.status} ${link.url} (on ${link.parent})`)).toEqual([]);
  // Every route was checked and answered.
  for (const route of routes) {
    expect(
      checked.some((link) => new URL(link.url).pathname === route),
      route,
    ).toBe(true);
  }
});

// One test per page: a loop over every page inside one 30 s test timed out on a loaded
// two-core machine.
for (const route of pages) {
  test(`on ${route}, every #anchor linked to exists on its page; other hosts open safely`, async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    await page.goto(route);
    const links = await page.locator("a[href]").evaluateAll((els) =>
      els.map((el) => ({
        href: (el as HTMLAnchorElement).href,
        target: el.getAttribute("target"),
        rel: el.getAttribute("rel"),
      })),
    );
    const ids = new Map<string, string[]>();
    ids.set(new URL(page.url()).pathname, await page.locator("[id]").evaluateAll((els) => els.map((el) => el.id)));
    for (const link of links) {
      const url = new URL(link.href);
      if (url.protocol === "mailto:" || url.protocol === "tel:") continue;
      if (url.origin !== origin) {
        expect(link.rel, `${link.href} on ${route}`).toBe("noopener noreferrer");
        continue;
      }
      if (!url.hash) continue;
      if (!ids.has(url.pathname)) {
        await page.goto(url.pathname);
        ids.set(url.pathname, await page.locator("[id]").evaluateAll((els) => els.map((el) => el.id)));
      }
      expect(ids.get(url.pathname), `${link.href} on ${route}`).toContain(decodeURIComponent(url.hash.slice(1)));
    }
  });
}

test("the home page links to its sections by #anchor (the checks above are not empty)", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await page.goto("/");
  const hrefs = await page.locator("a[href]").evaluateAll((els) => els.map((el) => (el as HTMLAnchorElement).href));
  const anchors = hrefs.filter((href) => new URL(href).origin === origin && new URL(href).hash);
  expect(anchors.length, "in-page links on the home page").toBeGreaterThan(0);
});
