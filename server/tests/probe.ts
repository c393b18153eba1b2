// A visitor who browses the site through the CDN without pause, in a real browser, while
// the tests publish and roll back: every response it gets, and whether each page loaded
// only scripts its own release built. It rests while Gatsby runs and the bucket is
// settled: nothing a visitor reaches changes then, and its browser halved the build's speed
// on two cores (a clean build 119 s alone, about 250 s beside it).
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page, Response } from "@playwright/test";
import { readJson } from "../lib/files";
import type { Release } from "../publisher/releases";
import type { Status } from "../publisher/status";

/** How often a resting visitor looks at the publisher's record again. */
const REST_LOOK_MS = 200;

/** A build is in Gatsby's hands: the live release stays as it is until the build's next step. */
export const inGatsby = (status: Status | undefined): status is Status => status?.building?.step === "build";

/** Rests, looking again every REST_LOOK_MS, while `still()` holds. */
export async function restWhile(still: () => boolean): Promise<void> {
  while (still()) await new Promise((resolve) => setTimeout(resolve, REST_LOOK_MS));
}

/**
 * The longest one page's visit may take (the runner gives pages no time limit of their
 * own): a cut response is seen at once; this bounds what nobody foresaw.
 */
const VISIT_MS = 60_000;

/** What Gatsby's loader asks for after a 5xx for a page's data. */
const GATSBY_500_PAGE_DATA = "/page-data/500.html/page-data.json";

/** The promise's value, or undefined once `ms` have passed. */
const within = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });

export class Probe {
  /** Pages loaded, by the release their HTML came from. */
  readonly pages = new Map<string, number>();
  /** Responses of 400 to 499, and pages that did not load, as "status url (on route)". */
  readonly errors: string[] = [];
  /**
   * The test bucket's own failures: s3rver rewrites an object in place (its file, then its
   * metadata), so a read during an overwrite can fail (a 5xx) or end mid-body (the CDN then
   * cuts the response: "upstream prematurely closed connection"), where S3 and R2 replace
   * an object whole; or end whole-looking, torn: at the old length inside the new page (a
   * strict beginning of a kept release's page), or, read on across the rewrite, the old
   * page's first chunk and the new one's bytes after it. Counted apart, and such a page is
   * not judged; the other tests see every object served whole.
   */
  readonly bucketErrors: string[] = [];
  /** Scripts a page loaded that its release did not build. */
  readonly mixed: string[] = [];
  /** Pages judged that loaded no script at all: the check above would have seen nothing. */
  readonly scriptless: string[] = [];
  /** Pages whose HTML is no kept release's. */
  readonly unknown: string[] = [];
  /**
   * Pages whose HTML the browser no longer held when asked (the DevTools protocol's "No
   * resource with given identifier", after Chromium dropped the body): nothing is known of
   * them, good or bad, so they are counted apart; the test bounds how many.
   */
  readonly unread: string[] = [];
  responses = 0;
  /** Pages that loaded again by themselves (Gatsby, on page data newer than the page). */
  reloads = 0;
  private running = true;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly browser: Browser,
    private readonly cdn: string,
    private readonly releases: string,
    private readonly routes: readonly string[],
    /** The publisher's status.json, read from disk (the login's rate limit stays out of it). */
    private readonly statusFile: string,
  ) {}

  get loaded(): number {
    return [...this.pages.values()].reduce((sum, n) => sum + n, 0);
  }

  start(): void {
    this.loop = this.browse();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  /** One visitor after another, each reading every page. */
  private async browse(): Promise<void> {
    while (this.running) {
      const context = await this.browser.newContext({ ignoreHTTPSErrors: true });
      try {
        for (const route of this.routes) {
          await this.restWhileSettled();
          if (!this.running) break;
          await this.visit(await context.newPage(), route).catch((error: Error) =>
            this.errors.push(`${route}: ${error.message.split("\n")[0]}`),
          );
        }
      } finally {
        await context.close();
      }
    }
  }

  /**
   * Waits while a build is in Gatsby's hands and the bucket serves the live release whole:
   * the live release, the bucket and the CDN stay as they are until the build's next step.
   */
  private async restWhileSettled(): Promise<void> {
    const settled = () => {
      const status = readJson<Status>(this.statusFile);
      return inGatsby(status) && status.mirror.state === "ok" && status.mirror.release === status.live?.release;
    };
    await restWhile(() => this.running && settled());
  }

  private async visit(page: Page, route: string): Promise<void> {
    // A page may load again by itself: Gatsby reloads once when the site's page data is
    // newer than the page (a copy under way). What counts is the page the visitor ends on.
    let document: Response | undefined;
    // The document's bytes, asked for as soon as it answers: later the browser may have
    // dropped them.
    let body: Promise<string | null> | undefined;
    // Document responses so far: a script list read while another arrives is read again.
    let documents = 0;
    // A response of the CDN's that failed on the way (not one the browser cancelled). A cut
    // page never fires "load": the visit ends there.
    let cut = false;
    // A 5xx from the bucket on the way: the page is not judged (see bucketErrors).
    let failedInBucket = false;
    let cutNow = () => {};
    const cutting = new Promise<void>((resolve) => (cutNow = resolve));
    page.on("requestfailed", (request) => {
      const url = new URL(request.url());
      const failure = request.failure()?.errorText ?? "";
      if (url.origin !== this.cdn || failure === "net::ERR_ABORTED") return;
      cut = true;
      this.bucketErrors.push(`${failure} ${url.pathname} (on ${route})`);
      cutNow();
    });
    page.on("response", (response) => {
      this.responses += 1;
      const url = new URL(response.url());
      if (url.origin !== this.cdn) return;
      const status = response.status();
      if (status >= 500) {
        failedInBucket = true;
        this.bucketErrors.push(`${status} ${url.pathname} (on ${route})`);
      } else if (status >= 400) {
        // Gatsby answers a 5xx for page data by asking for its 500 page's data, which the
        // site has not: part of the bucket's failure, not a missing file.
        const consequence = failedInBucket && url.pathname === GATSBY_500_PAGE_DATA;
        (consequence ? this.bucketErrors : this.errors).push(`${status} ${url.pathname} (on ${route})`);
      }
      const type = response.request().resourceType();
      if (type === "document") {
        if (document) this.reloads += 1;
        document = response;
        documents += 1;
        body = response.text().catch(() => null);
      }
    });
    try {
      const loading = page.goto(this.cdn + route, { waitUntil: "load", timeout: VISIT_MS }).then(
        () => undefined,
        (error: Error) => error,
      );
      const failed = await Promise.race([loading, cutting]);
      if (cut) return;
      if (failed) throw failed;
      await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
      if (cut || failedInBucket || !document) return;
      const scripts = await this.scriptsOf(page, () => documents);
      if (cut || failedInBucket) return;
      const html = await within(body!, VISIT_MS);
      if (html === null || html === undefined) {
        this.unread.push(route);
        return;
      }
      const release = this.releaseOf(route, html);
      if (!release) {
        const torn = this.tornFrom(route, html);
        if (torn) this.bucketErrors.push(`torn ${route} (the first ${html.length} characters of ${torn}'s page)`);
        else this.unknown.push(`${route} (${html.length} characters)`);
        return;
      }
      this.pages.set(release.id, (this.pages.get(release.id) ?? 0) + 1);
      if (scripts.length === 0) this.scriptless.push(`${route} of ${release.id}`);
      const own = new Set(release.hashed);
      for (const script of scripts) if (!own.has(script)) this.mixed.push(`${route} of ${release.id} loaded ${script}`);
    } finally {
      await page.close();
    }
  }

  /**
   * The scripts the page's current document loaded, from its own resource timing: a script
   * the document before a reload asked for can answer after the new document's response,
   * so the responses alone would credit it to the page the visitor ends on.
   */
  private async scriptsOf(page: Page, documents: () => number): Promise<string[]> {
    const cdn = this.cdn;
    for (const deadline = Date.now() + VISIT_MS; ; ) {
      const before = documents();
      try {
        const names = await page.evaluate(
          (origin) =>
            performance
              .getEntriesByType("resource")
              .map((entry) => entry as PerformanceResourceTiming)
              .filter((entry) => entry.initiatorType === "script" && entry.name.startsWith(origin + "/"))
              .map((entry) => new URL(entry.name).pathname.slice(1)),
          cdn,
        );
        if (documents() === before) return names;
      } catch (error) {
        // The document went away while read (a reload): read the next one.
        if (!/context was destroyed|navigation/i.test((error as Error).message)) throw error;
      }
      if (Date.now() > deadline) throw new Error("the page kept reloading");
      await page.waitForLoadState("load");
    }
  }

  /**
   * The kept releases a torn read of the page came from (see bucketErrors): s3rver answers
   * with the old object's length while it truncates the file and writes the new one, so a
   * read during an overwrite ends inside the new page (a strict beginning of one page), or
   * reads the old page's beginning, then the new page from there on (two pages).
   */
  private tornFrom(route: string, html: string): string | undefined {
    if (html.length === 0) return undefined;
    const kept = this.keptPages(route);
    for (const old of kept) {
      if (old.page.length > html.length && old.page.startsWith(html)) return old.release.id;
      let same = 0;
      while (same < html.length && html[same] === old.page[same]) same += 1;
      const rest = html.slice(same);
      const next = kept.find(({ page }) => page !== old.page && page.slice(same, html.length) === rest);
      if (next) return `${old.release.id} then ${next.release.id}`;
    }
    return undefined;
  }

  /** The kept release whose page this is, byte for byte. */
  private releaseOf(route: string, html: string): Release | undefined {
    return this.keptPages(route).find(({ page }) => page === html)?.release;
  }

  /** The route's page in each release still kept on disk. */
  private keptPages(route: string): { release: Release; page: string }[] {
    const kept: { release: Release; page: string }[] = [];
    for (const name of fs.readdirSync(this.releases).filter((file) => file.endsWith(".json"))) {
      const release = readJson<Release>(path.join(this.releases, name));
      if (!release) continue;
      const file = path.join(this.releases, release.id, route === "/" ? "" : route, "index.html");
      if (fs.existsSync(file)) kept.push({ release, page: fs.readFileSync(file, "utf8") });
    }
    return kept;
  }
}
