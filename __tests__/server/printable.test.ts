/**
 * @jest-environment node
 */
// What sitectl prints is printable wherever it goes (issue 52, finding 7; issue 71: a pipe
// and a file too, where review 4 found the escapes still raw): sitectl's own output and the
// scripts it runs as a service's user (whose records may hold escape sequences) pass
// server/lib/printable.ts. Tried on a real terminal (util-linux's `script` gives the
// process a pseudo-terminal), on a pipe and into a file.
import { spawnSync } from "node:child_process";
import path from "node:path";
import fs from "node:fs";
import os from "node:os";
import { printable, printableOutput } from "../../server/lib/printable";
import { nodeScript } from "../../server/installed/shell";
import { APP_DIR } from "../../server/lib/settings";

/** A retitled window, a cleared screen, a bell, an 8-bit CSI, and words around them. */
const HOSTILE = "Ana\u001b]0;pwned\u0007 \u001b[2J\u009b31mPune\r\n\tdone";
const ESCAPES = /[\u001b\u0007\u009b]/;

/** Runs node with `args` on a pseudo-terminal; what the terminal showed. */
function onTerminal(args: string[]): string {
  const command = ["/usr/bin/env", process.execPath, ...args].map((arg) => `'${arg.replace(/'/g, "'\\''")}'`).join(" ");
  const ran = spawnSync("script", ["--quiet", "--return", "--command", command, "/dev/null"], {
    cwd: APP_DIR,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  expect(ran.error).toBeUndefined();
  return ran.stdout;
}

/** A script that prints the hostile text to both streams, as a service's record would be. */
const PRINT = `process.stdout.write(${JSON.stringify(HOSTILE)}); process.stderr.write(Buffer.from(${JSON.stringify(HOSTILE)}));`;

test("printable keeps words, lines and tabs and drops every control character", () => {
  expect(printable(HOSTILE)).toBe("Ana]0;pwned [2J31mPune\n\tdone");
});

test("a stream gets printable text, even when a character is cut between two writes", () => {
  const written: string[] = [];
  const stream = { isTTY: false, write: (text: string) => (written.push(text), true) } as unknown as NodeJS.WriteStream;
  printableOutput([stream]);
  stream.write("\u001b[2Jé");
  const bytes = Buffer.from("ö\u001b]0;x\u0007", "utf8");
  stream.write(bytes.subarray(0, 1));
  stream.write(bytes.subarray(1));
  expect(written.join("")).toBe("[2Jé" + "ö]0;x");
});

test("on a real terminal, a service's script that sitectl runs prints no escape sequence", () => {
  const shown = onTerminal(nodeScript("-e", [PRINT]));
  expect(shown).toContain("Pune");
  expect(shown).not.toMatch(ESCAPES);
  // Without the preload the same script's escapes reach the terminal: the test can fail.
  expect(onTerminal(["-e", PRINT])).toMatch(ESCAPES);
});

test("sitectl's own words on a real terminal: an argument full of escapes comes back printable", () => {
  const shown = onTerminal(["--import", "tsx", path.join("server", "sitectl", "main.ts"), HOSTILE]);
  expect(shown).toContain("sitectl: no command Ana");
  expect(shown).not.toMatch(ESCAPES);
});

test("to a pipe (sitectl doctor | tee), a script's output is printable too", () => {
  const ran = spawnSync(process.execPath, nodeScript("-e", [PRINT]), { cwd: APP_DIR, encoding: "utf8" });
  expect(ran.stdout).toBe(printable(HOSTILE));
  expect(ran.stderr).toBe(printable(HOSTILE));
  // Without the preload the same bytes come through: the test can fail.
  expect(spawnSync(process.execPath, ["-e", PRINT], { encoding: "utf8" }).stdout).toMatch(ESCAPES);
});

test("into a file (sitectl doctor > doctor.txt), sitectl's own words are printable", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "printable-"));
  const file = path.join(dir, "out.txt");
  const out = fs.openSync(file, "w");
  try {
    spawnSync(process.execPath, ["--import", "tsx", path.join("server", "sitectl", "main.ts"), HOSTILE], {
      cwd: APP_DIR,
      stdio: ["ignore", out, out],
    });
  } finally {
    fs.closeSync(out);
  }
  const written = fs.readFileSync(file, "utf8");
  fs.rmSync(dir, { recursive: true, force: true });
  expect(written).toContain("sitectl: no command Ana");
  expect(written).not.toMatch(ESCAPES);
});
