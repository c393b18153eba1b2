// `sitectl status [--wait]`: what the publisher is doing, in words: what is live, a build
// under way and its step, the last refused or failed build.
import { describe, readStatus, settled, waitForPublisher } from "../installed/publisher";
import { say } from "../installed/shell";
import type { Command } from "./command";

export const command: Command = {
  name: "status",
  usage: ["status [--wait]"],
  summary: "what is live and what is being published",
  run: async (args) => {
    if (args.includes("--wait")) await waitForPublisher(settled, "the publisher to finish");
    const status = readStatus();
    for (const line of describe(status)) say(line);
    return status?.state === "failed" ? 1 : 0;
  },
};
