// The server tests (`npm run test:host`): `npm run host` started on a temporary HOST_DIR,
// publishing real commits with real builds. One worker: the tests follow one another
// through one host's life (seeded, refused, killed, coalesced, rolled back).
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "server/tests",
  // A clean Gatsby build on two busy cores plus the incremental ones that follow.
  timeout: 8 * 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  outputDir: "test-results/host",
});
