// `sitectl watch [--digest]`: one run of the server's own checks now (server/watch/). The
// timer runs it every 15 minutes through anodising-watch.service (which sets WATCH_RUN=1);
// from the operator's terminal the run goes through that unit too, so two never overlap.
import fs from "node:fs";
import { WATCH_DIR } from "../installed/layout";
import { printable } from "../lib/printable";
import { Failure, run, say, systemctl } from "../installed/shell";
import { DIGEST_REQUEST, WATCH_UNIT, runWatch } from "../watch/watch";
import type { Command } from "./command";

/** From the operator's terminal: one run through the unit, and what it said. */
function runThroughUnit(args: string[]): number {
  fs.mkdirSync(WATCH_DIR, { recursive: true, mode: 0o755 });
  if (args.includes("--digest")) fs.writeFileSync(DIGEST_REQUEST, "");
  const since = `@${Math.floor(Date.now() / 1000) - 1}`;
  const started = systemctl("start", WATCH_UNIT);
  const said = run("journalctl", ["--quiet", "--output=cat", "--unit", WATCH_UNIT, "--since", since]);
  for (const line of said.stdout.split("\n").filter(Boolean)) say(printable(line));
  if (started.status !== 0) throw new Failure(`${WATCH_UNIT} failed: sitectl logs watch`);
  return 0;
}

function watch(args: string[]): number | Promise<number> {
  return process.env.WATCH_RUN === "1" ? runWatch() : runThroughUnit(args);
}

export const command: Command = {
  name: "watch",
  usage: ["watch [--digest]"],
  summary: "run the server's own checks now (the timer does every 15 minutes)",
  run: watch,
};
