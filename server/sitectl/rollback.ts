// `sitectl rollback`: the publisher's own rollback, run as its user: the release before the
// live one goes live again, pinned until the next publish.
import { SERVICES } from "../installed/layout";
import { script } from "../installed/sandbox";
import type { Command } from "./command";

export const command: Command = {
  name: "rollback",
  usage: ["rollback"],
  summary: "make the previous release live again, until the next publish",
  run: () => script(SERVICES.publisher.user, "server/publisher/rollback.ts", [], { show: true }).status,
};
