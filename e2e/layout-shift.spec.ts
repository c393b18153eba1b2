// Cumulative layout shift 0, even on a phone that paints a page while it is still
// arriving. Chromium draws what it has read so far whenever a frame is due; a slow
// network (or a busy CPU) then shows half-read pages, and anything whose place depends
// on what comes later in the HTML moves (Lighthouse once measured 0.015 on / that way,
// on a loaded machine: the carousel's dots). Here the HTML arrives slowly on purpose, so
// the half-read states are certain, not a matter of load; once it is all read the
// network is fast again and the page loads and hydrates. No element may move.
import type { CDPSession, Page } from "@playwright/test";
import { routes } from "./content";
import { expect, test } from "./fixtures";

/** Bytes a second while the HTML arrives: a few kilobytes of it per frame at most. */
const SLOW_BYTES_PER_SECOND = 8_000;

interface Shift {
  value: number;
  moved: string[];
}

/** Records every layout shift from the first paint on, with what moved and from where. */
function recordShifts(page: Page) {
  return page.addInitScript(() => {
    const describe = (source: LayoutShiftAttribution) => {
      const node = source.node as Element | null;
      const name = node ? `${node.nodeName.toLowerCase()}.${String(node.getAttribute?.("class") ?? "")}` : "?";
      const { y: from } = source.previousRect;
      const { y: to } = source.currentRect;
      return `${name} (top ${Math.round(from)} → ${Math.round(to)} px)`;
    };
    const shifts: { value: number; moved: string[] }[] = [];
    const keep = (entries: PerformanceEntryList) => {
      for (const entry of entries as LayoutShift[])
        shifts.push({ value: entry.value, moved: entry.sources.map(describe) });
    };
    const observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: "layout-shift", buffered: true });
    Object.assign(window, { layoutShifts: () => (keep(observer.takeRecords()), shifts) });
  });
}

async function setDownloadSpeed(cdp: CDPSession, bytesPerSecond: number) {
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: -1,
  });
}

for (const route of routes) {
  test(`${route} moves nothing while it arrives, loads and hydrates`, async ({ page }) => {
    // What was asked for while the network was slow (the first images) stays slow.
    test.slow();
    await recordShifts(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await setDownloadSpeed(cdp, SLOW_BYTES_PER_SECOND);
    await page.goto(route, { waitUntil: "domcontentloaded" });
    await setDownloadSpeed(cdp, -1);
    await page.waitForLoadState("load");
    await page.waitForFunction(
      () =>
        document.querySelector('header[data-ready="true"]') !== null &&
        document.querySelector('[data-ready="false"]') === null,
    );
    // Shifts are reported with the frame that painted them: let one more be drawn.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: () => Shift[] }).layoutShifts());
    expect(shifts).toEqual([]);
  });
}

// The Layout Instability API's types, which TypeScript's DOM library does not have yet.
interface LayoutShiftAttribution {
  node: Node | null;
  previousRect: DOMRectReadOnly;
  currentRect: DOMRectReadOnly;
}
interface LayoutShift extends PerformanceEntry {
  value: number;
  sources: LayoutShiftAttribution[];
}

// The half-read state made certain: the page's HTML cut inside the bar's menu, as a slow
// network delivers it for a moment. Nothing of the bar may show (src/styles/global.css,
// shown-when-read), whatever a part's own style says: the menu sets its own visibility
// from 992 px, showed its first links, and moved them as the others arrived (a CI run).
test("a bar read half-way shows none of its parts", async ({ page }) => {
  const [route] = routes;
  await page.route(
    (url) => url.pathname === route,
    async (request) => {
      const html = await (await request.fetch()).text();
      const menu = html.indexOf('id="site-menu"');
      expect(menu, "the bar's menu in the page").toBeGreaterThan(0);
      const cut = html.indexOf("</li>", menu) + "</li>".length;
      await request.fulfill({ body: html.slice(0, cut), contentType: "text/html" });
    },
  );
  await page.goto(route);
  const shown = await page.evaluate(() =>
    [...document.querySelectorAll("header *")]
      .filter((element) => getComputedStyle(element).visibility !== "hidden")
      .map((element) => `${element.nodeName.toLowerCase()}.${element.getAttribute("class") ?? ""}`),
  );
  expect(shown).toEqual([]);
});
