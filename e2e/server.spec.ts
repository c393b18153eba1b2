// The web server as deployed: nginx with deploy/nginx/ (Playwright starts it). Every
// route gets every header of deploy/headers.ts, unknown paths the 404 page, text is
// compressed, and hashed files are cached for a year while pages revalidate.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { adminHeaders, IMMUTABLE, pageHeaders, pagePolicy, REVALIDATE } from "../deploy/headers";
import { BROTLI_FILTER } from "../server/lib/nginx";
import { NOTICES, SETTINGS_FILE } from "../src/enquiry/pages";
import { routes, site } from "./content";
import { test as plainTest } from "@playwright/test";
import { expect, test } from "./fixtures";

const expected = pageHeaders;
const someService = routes.find((route) => route !== "/");
const publicDir = path.resolve(__dirname, "../public");

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One plain request (no redirects followed, no decompression), as a CDN or crawler sees it. */
function get(url: string, encoding = "identity"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      })
      .on("error", reject);
  });
}

function expectHeaders(answer: Answer, headers: Record<string, string>, where: string) {
  for (const [name, value] of Object.entries(headers)) {
    expect(answer.headers[name.toLowerCase()], `${name} on ${where}`).toBe(value);
  }
}

test.describe.configure({ mode: "serial" });

for (const route of [...routes, ...(someService ? [`${someService}/`] : [])]) {
  test(`${route}: 200 without a redirect, every security header, revalidated`, async ({ baseURL }) => {
    const answer = await get(`${baseURL}${route}`);
    expect(answer.status).toBe(200);
    expectHeaders(answer, { ...expected, "Cache-Control": REVALIDATE }, route);
    expect(answer.body).toContain("<h1");
  });
}

test("each page's own policy frames exactly the map host of its build's content", async ({ page, baseURL }) => {
  for (const route of [...routes, "/missing-page"]) {
    await page.goto(`${baseURL}${route}`);
    const meta = page.locator('meta[http-equiv="Content-Security-Policy"]');
    await expect(meta, route).toHaveAttribute("content", pagePolicy(site.map.embedUrl));
  }
});

// Without the console-error guard: the refusal it provokes is the point.
plainTest(
  "the browser enforces the page's policy: a frame from another https host is refused",
  async ({ page, baseURL }) => {
    await page.route("https://frames.elsewhere.test/**", (route) => route.fulfill({ body: "framed" }));
    await page.goto(`${baseURL}/`);
    const refused = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener("securitypolicyviolation", (event) =>
            resolve(`${event.effectiveDirective} ${event.blockedURI}`),
          );
          const frame = document.createElement("iframe");
          frame.src = "https://frames.elsewhere.test/x";
          document.body.append(frame);
        }),
    );
    // Reports name only the origin of a blocked frame from another host.
    expect(refused).toBe("frame-src https://frames.elsewhere.test");
  },
);

test("an unknown path answers 404 with the site's 404 page and the same headers", async ({ baseURL }) => {
  const answer = await get(`${baseURL}/no-such-page`);
  expect(answer.status).toBe(404);
  expect(answer.body).toBe(fs.readFileSync(path.join(publicDir, "404.html"), "utf8"));
  expectHeaders(answer, expected, "the 404 page");
});

test("hidden files are not served, as the 404 page with every header", async ({ baseURL }) => {
  const answer = await get(`${baseURL}/.gitkeep`);
  expect(answer.status).toBe(404);
  expect(answer.body).toBe(fs.readFileSync(path.join(publicDir, "404.html"), "utf8"));
  expectHeaders(answer, expected, "/.gitkeep");
});

test("the enquiry service's settings and pages (/_enquiry/) are served to no one", async ({ baseURL }) => {
  for (const file of [`/${SETTINGS_FILE}`, ...Object.values(NOTICES)]) {
    const answer = await get(`${baseURL}${file}`);
    expect(answer.status, file).toBe(404);
    expect(answer.body).toBe(fs.readFileSync(path.join(publicDir, "404.html"), "utf8"));
  }
});

test("pages, scripts and styles are compressed with gzip, and with brotli where nginx has it", async ({ baseURL }) => {
  const script = fs.readdirSync(publicDir).find((name) => /^app-[0-9a-f]+\.js$/.test(name));
  for (const file of ["/", `/${script}`, "/page-data/index/page-data.json"]) {
    const gzip = await get(`${baseURL}${file}`, "gzip");
    expect(gzip.headers["content-encoding"], `gzip for ${file}`).toBe("gzip");
    expect(gzip.headers.vary).toContain("Accept-Encoding");
  }
  const brotliModule = fs.existsSync(BROTLI_FILTER);
  test.skip(!brotliModule, "this nginx has no brotli module");
  expect((await get(`${baseURL}/`, "br")).headers["content-encoding"]).toBe("br");
});

test("hashed scripts, styles and /static/ files are cached a year; page-data revalidates", async ({ baseURL }) => {
  const script = fs.readdirSync(publicDir).find((name) => /^framework-[0-9a-f]+\.js$/.test(name));
  const staticDir = path.join(publicDir, "static");
  const hashed = fs.readdirSync(staticDir)[0];
  const image = fs
    .readdirSync(path.join(staticDir, hashed), { recursive: true, withFileTypes: true })
    .find((e) => e.isFile())!;
  const imagePath = path.relative(publicDir, path.join(image.parentPath, image.name));
  for (const file of [`/${script}`, `/${imagePath}`]) {
    const answer = await get(`${baseURL}${file}`);
    expect(answer.status, file).toBe(200);
    expectHeaders(answer, { ...expected, "Cache-Control": IMMUTABLE }, file);
  }
  const pageData = await get(`${baseURL}/page-data/index/page-data.json`);
  expect(pageData.headers["cache-control"]).toBe(REVALIDATE);
});

test("/admin has its own policy, is not cached for long, and /admin redirects to /admin/", async ({ baseURL }) => {
  const answer = await get(`${baseURL}/admin/`);
  expect(answer.status).toBe(200);
  expectHeaders(answer, { ...expected, ...adminHeaders }, "/admin/");
  expect(answer.headers["content-security-policy"]).not.toBe(expected["Content-Security-Policy"]);
  const bare = await get(`${baseURL}/admin`);
  expect([bare.status, bare.headers.location]).toEqual([301, "/admin/"]);
});

test("public pages allow no unsafe-eval and no inline script", () => {
  const policy = expected["Content-Security-Policy"];
  expect(policy).not.toContain("unsafe-eval");
  expect(policy).toMatch(/script-src 'self'(;|$)/);
  expect(policy).toContain("frame-ancestors 'none'");
});
