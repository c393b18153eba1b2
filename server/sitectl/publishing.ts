// `sitectl status [--wait]`, `sitectl republish`, `sitectl rollback`: what the publisher
// is doing, in words, and the two things an operator asks of it.
import { SERVICES } from "../installed/layout";
import { describe, readStatus, settled, waitForPublisher } from "../installed/publisher";
import { say, script } from "../installed/shell";

export async function statusCommand(args: string[]): Promise<number> {
  if (args.includes("--wait")) await waitForPublisher(settled, "the publisher to finish");
  const status = readStatus();
  for (const line of describe(status)) say(line);
  return status?.state === "failed" ? 1 : 0;
}

export function rollback(): number {
  const ran = script(SERVICES.publisher.user, "server/publisher/rollback.ts", [], { show: true });
  return ran.status;
}
