// `sitectl enquiries …`: the enquiry service's own command (server/enquiry/enquiries.ts), run
// as its user: enquiries waiting, sent and failed; one sent again, exported or its drawing.
import { SERVICES } from "../installed/layout";
import { script } from "../installed/shell";
import type { Command } from "./command";

function enquiries(args: string[]): number {
  return script(SERVICES.enquiry.user, "server/enquiry/enquiries.ts", args, { show: true }).status;
}

export const command: Command = {
  name: "enquiries",
  usage: ["enquiries [--retry ID | --export ID]", "enquiries --drawing ID [N] > FILE"],
  summary: "enquiries waiting, sent and failed; one sent again, as an .eml, or its drawing",
  run: enquiries,
};
