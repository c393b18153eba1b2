// The server tests (`npm run test:host`): `npm run host` started on a temporary HOST_DIR,
// publishing real commits with real builds. Two workers, one a project:
// - publishing: publisher.spec.ts then staff.spec.ts, in one worker, in alphabetical order
//   (Playwright's documented order), following one host's life (server/tests/publishing.ts):
//   seeded, refused, killed, coalesced, rolled back, mirrored; then the editor logged in,
//   refused, publishing;
// - services: the quote intake, the owner's report and the watch, each on a host of its
//   own, beside the publishing tests (which alone kept one of the two cores idle a quarter
//   of the time).
import { defineConfig } from "@playwright/test";
// The headless shell and the Chromium flags shared with the other browser tests.
import { launchOptions } from "./e2e/browser";

/** The files that share the publishing host (server/tests/publishing.ts). */
const PUBLISHING = /(publisher|staff)\.spec\.ts/;

export default defineConfig({
  testDir: "server/tests",
  // A clean Gatsby build on two busy cores plus the incremental ones that follow.
  timeout: 8 * 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  outputDir: "test-results/host",
  projects: [
    { name: "publishing", testMatch: PUBLISHING, workers: 1 },
    { name: "services", testIgnore: PUBLISHING, workers: 1 },
  ],
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions,
  },
});
