// The browser the Playwright tests drive (e2e/ and server/tests/): Debian's
// chromium-headless-shell, Chromium's headless-only build, which Playwright itself runs
// headless by default. Same Blink as the full browser at about half its CPU on two cores
// (measured: 229 → 95 CPU-seconds for the accessibility and carousel tests). Lighthouse
// keeps the full Chromium (CHROME_PATH): it measures the browser a visitor has.
import chromium from "./chromium.json";

/** Where the headless shell is: HEADLESS_SHELL, else Debian's. */
export const HEADLESS_SHELL = process.env.HEADLESS_SHELL || "/usr/bin/chromium-headless-shell";

export const launchOptions = { executablePath: HEADLESS_SHELL, args: chromium.flags };
