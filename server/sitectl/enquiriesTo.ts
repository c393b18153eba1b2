// `sitectl enquiries-to [ADDRESS]`: where the quote form's enquiries are e-mailed. It is the
// operator's setting (ENQUIRY_TO in /etc/anodising/enquiry.env), not content: a stolen staff
// login cannot send buyers' names, phones and drawings elsewhere. Without an address it says
// the current one; with one it writes it and restarts the enquiry service, which sends
// every waiting enquiry there.
import { ENQUIRY_ENV, OPERATOR_EMAIL, SERVICES, readEnvFile, setEnvValues } from "../installed/layout";
import { Failure, say, startUnits } from "../installed/shell";
import type { Command } from "./command";

function enquiriesTo(args: string[]): number {
  const [address, ...rest] = args;
  const current = readEnvFile(ENQUIRY_ENV).ENQUIRY_TO ?? "";
  if (!address) {
    say(
      current
        ? `Enquiries are e-mailed to ${current}.`
        : "No address is set: enquiries wait on the server. Set one: sitectl enquiries-to ADDRESS",
    );
    return current ? 0 : 1;
  }
  if (rest.length || !OPERATOR_EMAIL.test(address))
    throw new Failure(
      `${JSON.stringify(address)} is not an e-mail address such as sales@example.com; nothing was changed.`,
    );
  if (address === current) {
    say(`Enquiries are e-mailed to ${address} already; nothing was changed.`);
    return 0;
  }
  setEnvValues(ENQUIRY_ENV, { ENQUIRY_TO: address });
  const unit = SERVICES.enquiry.unit;
  const restarted = startUnits("restart", unit);
  if (restarted.status !== 0)
    throw new Failure(
      `${ENQUIRY_ENV} now says ${address}, but ${unit} did not restart: ${restarted.stderr.trim()}; sitectl doctor`,
    );
  say(
    `Enquiries are e-mailed to ${address} from now on${current ? ` (they went to ${current})` : ""}; waiting ones go there too.`,
  );
  return 0;
}

export const command: Command = {
  name: "enquiries-to",
  usage: ["enquiries-to [ADDRESS]"],
  summary: "where the quote form's enquiries are e-mailed (shows it, or sets it)",
  run: enquiriesTo,
};
