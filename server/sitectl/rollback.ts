// `sitectl rollback`: the publisher's own rollback, run as its user in its sandbox: the
// release before the live one goes live again, pinned until the next publish. The running
// publisher then writes its status from its own view: systemd hands it the SIGHUP (it runs
// in a PID namespace of its own, so its pid file names a pid only it can see).
import { SERVICES } from "../installed/layout";
import { script } from "../installed/sandbox";
import { systemctl } from "../installed/shell";
import type { Command } from "./command";

function rollback(): number {
  const ran = script(SERVICES.publisher.user, "server/publisher/rollback.ts", [], { show: true });
  if (ran.status === 0) systemctl("kill", "--signal=SIGHUP", "--kill-whom=main", `${SERVICES.publisher.unit}.service`);
  return ran.status;
}

export const command: Command = {
  name: "rollback",
  usage: ["rollback"],
  summary: "make the previous release live again, until the next publish",
  run: rollback,
};
