// End-to-end tests: Playwright drives Debian's Chromium headless shell (no browser download)
// against the production build in public/, served by nginx on a loopback port.
import { defineConfig } from "@playwright/test";
// The headless shell and the Chromium flags shared with the server tests and scripts/audit.mjs.
import { launchOptions } from "./e2e/browser";

const port = Number(process.env.E2E_PORT ?? 9100);

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  // Three: the headless shell leaves a quarter of two cores idle with two (205 s against 243 s).
  workers: 3,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  // Apart from the server tests' (test-results/host): each run empties its own, and they run side by side.
  outputDir: "test-results/e2e",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions,
  },
  projects: [
    // What happens before React hydrates is tried where the menu folds: on the phone.
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } }, testIgnore: /hydration\.spec\.ts/ },
    // Both widths: layout (layout-shift), navigation and the language switch in the bar or
    // the folded menu, axe (accessibility), and what a phone does first (hydration: the
    // phone only). The rest behaves the same at every width and runs once, on the desktop:
    // bytes, headers and requests (budget, server, privacy, links); the editor, a desktop
    // tool (cms); print; the estimate desk's answers; each page's words, language and
    // twins (languages); the standards' pages and forms; the carousel's timing, controls
    // and reduced motion; the scroll arrow and the sections' reveal (scrolling). first-screen
    // and grid set their own sizes (a 390 px phone, a 1440 px desktop).
    {
      name: "mobile",
      use: { viewport: { width: 375, height: 812 } },
      testIgnore:
        /(budget|cms|server|privacy|links|print|first-screen|grid|estimate|languages|standards|carousel|scrolling)\.spec\.ts/,
    },
  ],
  // nginx with deploy/nginx/ (headers, Content-Security-Policy, compression), as deployed.
  webServer: {
    command: `PORT=${port} npx tsx scripts/serve-nginx.ts`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
