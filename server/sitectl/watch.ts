// `sitectl watch [--digest]`: one run of the server's own checks now (server/watch/), through
// anodising-watch.service as its timer runs it (its root part first, then the checks as
// site-watch), so two runs never overlap; and what it said.
import fs from "node:fs";
import { WATCH_FACTS_DIR } from "../installed/layout";
import { printable } from "../lib/printable";
import { Failure, run, say, systemctl } from "../installed/shell";
import { DIGEST_REQUEST } from "../watch/checks/rootFacts";
import { FACTS_UNIT, WATCH_UNIT } from "../watch/watch";
import type { Command } from "./command";

function watch(args: string[]): number {
  if (args.includes("--digest")) {
    // The root part's folder (root's): it tells the run, and removes the request.
    fs.mkdirSync(WATCH_FACTS_DIR, { recursive: true, mode: 0o750 });
    fs.writeFileSync(DIGEST_REQUEST, "");
  }
  const since = `@${Math.floor(Date.now() / 1000) - 1}`;
  const started = systemctl("start", WATCH_UNIT);
  const said = run("journalctl", [
    "--quiet",
    "--output=cat",
    "--unit",
    FACTS_UNIT,
    "--unit",
    WATCH_UNIT,
    "--since",
    since,
  ]);
  for (const line of said.stdout.split("\n").filter(Boolean)) say(printable(line));
  if (started.status !== 0) throw new Failure(`${WATCH_UNIT} failed: sitectl logs watch`);
  return 0;
}

export const command: Command = {
  name: "watch",
  usage: ["watch [--digest]"],
  summary: "run the server's own checks now (the timer does every 15 minutes)",
  run: watch,
};
