// The `test` every e2e file uses: it fails a test on any console error, uncaught
// exception or failed request to the site's own origin, and keeps every other host
// unreachable (the only one the site names is the lazy map in the footer).
import { test as base, expect, type Page, type Request } from "@playwright/test";
import { labels } from "./content";

/** What a frame from another host shows in the tests: nothing, in a valid page. */
const STAND_IN_PAGE = '<!doctype html><html lang="en"><title>Stand-in for another host</title></html>';

export const test = base.extend<{ siteErrors: string[] }>({
  siteErrors: [
    async ({ page, baseURL }, use) => {
      const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
      const errors: string[] = [];
      // A frame from another host (the footer's map) is given an empty page from here
      // rather than Chromium's error page; every other request to another host is refused.
      await page.route(
        (url) => url.origin !== origin,
        (route) =>
          route.request().resourceType() === "document"
            ? route.fulfill({ contentType: "text/html", body: STAND_IN_PAGE })
            : route.abort(),
      );
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
      page.on("console", (message) => {
        const from = message.location().url;
        // Failed loads are judged by the request and response listeners below.
        if (message.text().startsWith("Failed to load resource")) return;
        if (message.type() === "error" && (!from || from.startsWith(origin))) errors.push(`console: ${message.text()}`);
      });
      page.on("requestfailed", (request) => {
        // Loads the browser cancels on leaving a page are not failures; a missing file
        // still shows up below as an HTTP error.
        const reason = request.failure()?.errorText;
        if (reason === "net::ERR_ABORTED") return;
        if (request.url().startsWith(origin)) errors.push(`request failed (${reason}): ${request.url()}`);
      });
      page.on("response", (response) => {
        if (
          response.url().startsWith(origin) &&
          response.status() >= 400 &&
          !response.url().includes("/missing-page")
        ) {
          errors.push(`HTTP ${response.status()}: ${response.url()}`);
        }
      });
      await use(errors);
      expect(errors, "console errors, uncaught exceptions or failed requests").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The label ("2 of 4") of the slide a carousel is showing. */
export const shownSlide = (page: Page, carousel: string) =>
  page.locator(`${carousel} [aria-roledescription="slide"]:not([aria-hidden])`).first().getAttribute("aria-label");

/**
 * Opens `route` and waits until every widget on it answers clicks and keys: each one
 * marks itself data-ready="true" once React runs it (src/hooks/useHydrated.ts).
 */
export async function open(page: Page, route: string) {
  await page.goto(route);
  await page.waitForFunction(
    () =>
      document.querySelector('header[data-ready="true"]') !== null &&
      document.querySelector('[data-ready="false"]') === null,
  );
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 992;

/** Opens the folded menu on narrow screens (its buttons named in `words`, the page's language); does nothing on wide ones. */
export async function openMenu(page: Page, words: { openMenu: string; closeMenu: string } = labels) {
  if (!isMobile(page)) return;
  const toggle = page.getByRole("button", { name: words.openMenu, exact: true });
  await toggle.click();
  await expect(page.getByRole("button", { name: words.closeMenu, exact: true })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  // Let the 300 ms unfolding finish, as a person would, before choosing a link.
  await page.locator("#site-menu").evaluate((menu) => Promise.all(menu.getAnimations().map((a) => a.finished)));
}

/** Starts recording the page's scroll positions; the returned function reads them back. */
export async function recordScrolling(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { scrollPositions: number[] };
    w.scrollPositions = [];
    window.addEventListener("scroll", () => w.scrollPositions.push(window.scrollY), { passive: true });
  });
  return () => page.evaluate(() => (window as unknown as { scrollPositions: number[] }).scrollPositions);
}

/** A smooth scroll passes through several positions between start and end; a jump through none. */
export function expectSmooth(positions: number[], from: number, to: number) {
  const between = positions.filter((y) => y > Math.min(from, to) + 1 && y < Math.max(from, to) - 1);
  expect(new Set(between).size, `positions passed on the way: ${positions.join(", ")}`).toBeGreaterThanOrEqual(3);
}

/**
 * Scrolls each revealed-on-scroll section into view until it has the class show and
 * its fade has finished, then returns to the top: the page as a reader who scrolled
 * through it sees it.
 */
export async function revealAll(page: Page) {
  for (const section of await page.locator(".reveal").all()) {
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveClass(/\bshow\b/);
  }
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    window.scrollTo({ top: 0, behavior: "instant" });
  });
}

/** How long with no request in flight counts as the network gone quiet (as Playwright's "networkidle"). */
const QUIET_MS = 500;

/**
 * Starts counting the page's requests (every frame's) in flight; `quiet()` then waits until
 * none has been for QUIET_MS: Playwright's "networkidle", counted from the page's own
 * request events. Playwright keeps that count per frame, and on a busy machine it lost the
 * end of the footer's map frame (another site, so another process): waits for
 * "networkidle" ran out with every request finished (reproduced with three busy
 * processes beside the test; twice in fresh-clone runs). Start it before opening the page.
 */
export function countRequests(page: Page) {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  page.on("request", (request) => {
    inFlight.add(request);
    changed = Date.now();
  });
  const finished = (request: Request) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on("requestfinished", finished);
  page.on("requestfailed", finished);
  return {
    quiet: () =>
      expect
        .poll(() => inFlight.size === 0 && Date.now() - changed >= QUIET_MS, {
          message: "the page's requests finish",
          timeout: 20_000,
          intervals: [100],
        })
        .toBe(true),
  };
}
