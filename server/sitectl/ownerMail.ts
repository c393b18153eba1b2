// `sitectl owner-mail [ADDRESS|off]`: who gets the owner's weekly e-mail of the report
// (OWNER_TO in /etc/anodising/watch.env, root's); the watch sends it with the operator's digest.
import { OPERATOR_EMAIL, WATCH_ENV, readEnvFile, setEnvValues } from "../installed/layout";
import { Failure, say } from "../installed/shell";
import { ownerAddress } from "../watch/watch";
import type { Command } from "./command";

function ownerMail(args: string[]): number {
  const [address, ...rest] = args;
  const current = ownerAddress();
  if (!address) {
    say(
      current
        ? `The weekly report is e-mailed to ${current}.`
        : "No one gets the weekly report: sitectl owner-mail ADDRESS",
    );
    return current ? 0 : 1;
  }
  if (rest.length || (address !== "off" && !OPERATOR_EMAIL.test(address)))
    throw new Failure(
      `${JSON.stringify(address)} is not an e-mail address such as owner@example.com (or off); nothing was changed.`,
    );
  if (address === "off") {
    setEnvValues(WATCH_ENV, { OWNER_TO: "" });
    say(`No one gets the weekly report now${current ? ` (${current} did)` : ""}.`);
    return 0;
  }
  if (address === current) {
    say(`The weekly report is e-mailed to ${address} already; nothing was changed.`);
    return 0;
  }
  setEnvValues(WATCH_ENV, { OWNER_TO: address });
  const alertsTo = readEnvFile(WATCH_ENV).ALERT_TO;
  say(
    `The weekly report is e-mailed to ${address} from now on${current ? ` (it went to ${current})` : ""}, with the operator's digest${alertsTo ? ` to ${alertsTo}` : ""}. To send it now: sitectl watch --digest`,
  );
  return 0;
}

export const command: Command = {
  name: "owner-mail",
  usage: ["owner-mail [ADDRESS|off]"],
  summary: "who gets the report's weekly e-mail (shows it, or sets it)",
  run: ownerMail,
};
