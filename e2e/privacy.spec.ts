// Privacy: a visit asks no other host for anything, apart from the footer's map, a lazy
// iframe the browser loads as the footer comes near. The quote form's pages ask no other
// host at all: their footer links the map instead. Every request is recorded (the fixture
// keeps other hosts unreachable, so nothing leaves the machine either way).
import { mapOrigin as originOf } from "../deploy/headers";
import { privacyRoute, quoteRoute, routes, site } from "./content";
import { expect, open, test } from "./fixtures";

const mapOrigin = originOf(site.map.embedUrl);

for (const route of [...routes, "/missing-page"]) {
  test(`${route} requests nothing from another host but the lazy map`, async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const elsewhere: { url: string; type: string }[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin && !["data:", "blob:"].includes(url.protocol)) {
        elsewhere.push({ url: url.origin, type: request.resourceType() });
      }
    });
    if (route === "/missing-page") await page.goto(route);
    else await open(page, route);
    const framesMap = ![quoteRoute, privacyRoute].includes(route);
    // The map is lazy: the browser fetches it when the footer comes near the screen.
    if (framesMap) await expect(page.locator(`footer iframe[src^="${mapOrigin}"]`)).toHaveAttribute("loading", "lazy");
    else await expect(page.locator("footer iframe")).toHaveCount(0);
    await page.locator("footer").scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect(elsewhere.filter((r) => !(framesMap && r.url === mapOrigin && r.type === "document"))).toEqual([]);
  });
}
