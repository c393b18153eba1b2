// `sitectl enquiries …`: the enquiry service's own command (server/enquiry/enquiries.ts), run
// as its user in its sandbox: enquiries waiting, sent and failed; one sent again. An
// enquiry's .eml or a drawing is bytes that must stay as they are, so it goes into a file
// the operator names (root's, new, mode 0600), never to the output, which is printable
// wherever it goes (server/lib/printable.ts).
import fs from "node:fs";
import { SERVICES } from "../installed/layout";
import { runAs, script } from "../installed/sandbox";
import { Failure, say } from "../installed/shell";
import { printable } from "../lib/printable";
import { usageOf, type Command } from "./command";

/** `--export ID FILE` or `--drawing ID [N] FILE`: the enquiry service's arguments and the file. */
function exportOf(args: string[]): { asked: string[]; file: string } | null {
  const [option] = args;
  if (option !== "--export" && option !== "--drawing") return null;
  const most = option === "--export" ? 3 : 4;
  if (args.length < 3 || args.length > most)
    throw new Failure(
      `${option} writes into a file you name (its bytes are not printed): ${usageOf(command)}. Nothing was written.`,
    );
  return { asked: args.slice(0, -1), file: args[args.length - 1] };
}

function enquiries(args: string[]): number {
  const wanted = exportOf(args);
  if (!wanted) return script(SERVICES.enquiry.user, "server/enquiry/enquiries.ts", args, { show: true }).status;
  const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fs.constants;
  let fd: number;
  try {
    fd = fs.openSync(wanted.file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
  } catch (error) {
    throw new Failure(`${wanted.file} could not be made (${(error as NodeJS.ErrnoException).code}): name a new file.`);
  }
  // Without the printable preload: these bytes go to the file as the enquiry has them.
  const ran = (() => {
    try {
      return runAs(
        SERVICES.enquiry.user,
        "/usr/bin/node",
        ["--import", "tsx", "server/enquiry/enquiries.ts", ...wanted.asked],
        {
          stdoutFd: fd,
        },
      );
    } finally {
      fs.closeSync(fd);
    }
  })();
  if (ran.status !== 0) {
    fs.rmSync(wanted.file, { force: true });
    throw new Failure(
      `${printable(ran.stderr.trim()) || `the enquiry service's command ended with ${ran.status}`}; nothing was written.`,
    );
  }
  say(`Wrote ${wanted.file} (${fs.statSync(wanted.file).size} bytes).`);
  return 0;
}

export const command: Command = {
  name: "enquiries",
  usage: ["enquiries [--retry ID]", "enquiries --export ID FILE", "enquiries --drawing ID [N] FILE"],
  summary: "enquiries waiting, sent and failed; one sent again; its .eml or its drawing written to a file",
  run: enquiries,
};
