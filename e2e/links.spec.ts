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

test("every #anchor linked to exists on its page; other hosts open safely", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const ids = new Map<string, string[]>();
  const idsOn = async (pathname: string) => {
    if (!ids.has(pathname)) {
      await page.goto(pathname);
      ids.set(pathname, await page.locator("[id]").evaluateAll((els) => els.map((el) => el.id)));
    }
    return ids.get(pathname)!;
  };
  let anchors = 0;
  for (const route of pages) {
    await page.goto(route);
    const links = await page.locator("a[href]").evaluateAll((els) =>
      els.map((el) => ({
        href: (el as HTMLAnchorElement).href,
        target: el.getAttribute("target"),
        rel: el.getAttribute("rel"),
      })),
    );
    for (const link of links) {
      const url = new URL(link.href);
      if (url.protocol === "mailto:" || url.protocol === "tel:") continue;
      if (url.origin !== origin) {
        expect(link.rel, `${link.href} on ${route}`).toBe("noopener noreferrer");
        continue;
      }
      if (!url.hash) continue;
      anchors += 1;
      expect(await idsOn(url.pathname), `${link.href} on ${route}`).toContain(decodeURIComponent(url.hash.slice(1)));
    }
  }
  expect(anchors, "in-page links checked").toBeGreaterThan(0);
});
