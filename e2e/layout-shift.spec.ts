// Cumulative layout shift 0, even on a phone that paints a page while it is still
// arriving. Chromium draws what it has read so far whenever a frame is due; a slow
// network (or a busy CPU) then shows half-read pages, and anything whose place depends
// on what comes later in the HTML moves (Lighthouse once measured 0.015 on / that way,
// on a loaded machine: the carousel's dots). Here the HTML arrives slowly on purpose, so
// the half-read states are certain, not a matter of load; once it is all read the
// network is fast again and the page loads and hydrates. No element may move.
import type { CDPSession, Page } from "@playwright/test";
import { listedPages, routes } from "./content";
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

// The half-read first screen, at every place a slow network can stop it: inside each text
// of the hero (after its first word, half-way, at its end), with nothing after that point
// read yet. Whatever has been read stays where it will be once the rest arrives. A CI run
// measured 0.013 on /de/conversion_coating: its second fact, read up to its first word,
// fitted beside the first and jumped to the next row when the rest came (a wrapping row
// places each item by its own width). JavaScript is off: this is before any script runs.
test.describe("the first screen read half-way", () => {
  test.use({ javaScriptEnabled: false });
  for (const { path: route } of listedPages) {
    test(`${route}: what is read does not move as the rest arrives`, async ({ page }) => {
      await page.goto(route);
      const moved = await page.evaluate(cutEverywhere);
      expect(moved).toEqual([]);
    });
  }
});

/** Runs in the page: cuts the document in each of the hero's texts and names what moved. */
function cutEverywhere(): string[] {
  const saved = document.body.innerHTML;
  const heroTexts = () => {
    const hero = document.querySelector("main section");
    if (!hero) return [];
    const walker = document.createTreeWalker(hero, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if ((node as Text).data.trim().length > 1) texts.push(node as Text);
    return texts;
  };
  // Where an element starts: an inline one's first line, as the Layout Instability API counts it.
  const place = (element: Element) => {
    const { left, top } = element.getClientRects()[0] ?? element.getBoundingClientRect();
    return `${Math.round(left)},${Math.round(top)}`;
  };
  const name = (element: Element) => `${element.nodeName.toLowerCase()}.${element.getAttribute("class") ?? ""}`;
  const moved: string[] = [];
  heroTexts().forEach(({ data }, index) => {
    // Just after the first word (after the first letter when there is one word).
    const firstWord = data.search(/\S\s/) + 1;
    const cuts = new Set([firstWord || 1, Math.ceil(data.length / 2), data.length]);
    for (const cut of cuts) {
      document.body.innerHTML = saved;
      const text = heroTexts()[index];
      // What the parser has made by then: every element before the cut or around it.
      const read = [...document.body.querySelectorAll("*")].filter(
        (element) =>
          element.compareDocumentPosition(text) &
          (Node.DOCUMENT_POSITION_FOLLOWING | Node.DOCUMENT_POSITION_CONTAINED_BY),
      );
      const before = read.map(place);
      text.data = data.slice(0, cut);
      for (let node: Node = text; node !== document.body; node = node.parentNode!)
        while (node.nextSibling) node.nextSibling.remove();
      read.forEach((element, i) => {
        const now = place(element);
        if (now !== before[i])
          moved.push(`${name(element)} at ${now}, ${before[i]} once read (cut in "${data.slice(0, cut)}|")`);
      });
    }
  });
  return moved;
}
