// `sitectl republish`: the publisher builds the current content again from a clean cache
// (after a technical failure is fixed), and this waits for that build.
import { republish } from "../installed/publisher";
import type { Command } from "./command";

export const command: Command = {
  name: "republish",
  usage: ["republish"],
  summary: "build the current content again (after a technical failure is fixed)",
  run: () => republish(),
};
