// The server tests (`npm run test:host`): `npm run host` started on a temporary HOST_DIR,
// publishing real commits with real builds. One worker, which runs the files in
// alphabetical order: the tests follow one host's life (server/tests/publishing.ts), first
// publisher.spec.ts (seeded, refused, killed, coalesced, rolled back, mirrored), then
// staff.spec.ts (the editor logged in, refused, publishing).
import { defineConfig } from "@playwright/test";
// The Chromium flags shared with the other browser tests.
import chromium from "./e2e/chromium.json";

export default defineConfig({
  testDir: "server/tests",
  // A clean Gatsby build on two busy cores plus the incremental ones that follow.
  timeout: 8 * 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  outputDir: "test-results/host",
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: chromium.flags },
  },
});
