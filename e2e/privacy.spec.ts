// Privacy: loading a page asks no other host for anything. The footer's map is framed
// only once the footer comes near the screen (the early script adds the frame
// then); the quote form's pages ask no other host at all: their footer links
// the map instead. Every request is recorded (the fixture keeps other hosts unreachable,
// so nothing leaves the machine either way).
import { mapOrigin as originOf } from "../deploy/headers";
import { privacyRoute, quoteRoute, routes, site } from "./content";
import { countRequests, expect, open, test } from "./fixtures";

const mapOrigin = originOf(site.map.embedUrl);

for (const route of [...routes, "/missing-page"]) {
  test(`${route} requests nothing from another host on load, and frames the map only near the footer`, async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const elsewhere: { url: string; type: string }[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin && !["data:", "blob:"].includes(url.protocol)) {
        elsewhere.push({ url: url.origin, type: request.resourceType() });
      }
    });
    const network = countRequests(page);
    if (route === "/missing-page") await page.goto(route);
    else await open(page, route);
    const framesMap = ![quoteRoute, privacyRoute].includes(route);
    await network.quiet();
    const box = page.locator("footer [data-map-title]");
    const map = page.locator("footer iframe[title]");
    // A footer already within 200 px of the screen (a short page) frames the map at once.
    const nearAtLoad =
      framesMap && (await box.evaluate((element) => element.getBoundingClientRect().top < innerHeight + 200));
    if (!framesMap) await expect(page.locator("footer iframe")).toHaveCount(0);
    else if (!nearAtLoad) {
      expect(elsewhere).toEqual([]);
      await expect(box).toHaveAttribute("data-map-src", site.map.embedUrl);
      await expect(map).toHaveCount(0);
    }
    await page.locator("footer").scrollIntoViewIfNeeded();
    if (framesMap) {
      await expect(map).toHaveAttribute("src", site.map.embedUrl);
      await expect(map).toHaveAttribute("title", site.map.title);
    }
    await network.quiet();
    expect(elsewhere.filter((r) => !(framesMap && r.url === mapOrigin && r.type === "document"))).toEqual([]);
  });
}
