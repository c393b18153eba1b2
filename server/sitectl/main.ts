// sitectl: the operator's command for the installed site (deploy/sitectl puts it on the
// PATH). Run as root; each subcommand acts as the user whose files it touches and ends
// with a sentence saying what happened. `sitectl help` lists them.
import { Failure } from "../installed/shell";
import { printableOutput } from "../lib/printable";
import { COMMANDS, HELP } from "./commands";
import { pausingTimers } from "../installed/pause";

// Whatever a command prints of a service's records, a mail server's reply or an
// endpoint's error reaches the operator's terminal without its escape sequences.
printableOutput();

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    console.log(HELP);
    return name ? 0 : 1;
  }
  const command = COMMANDS.find((each) => each.name === name);
  if (!command) {
    console.error(`sitectl: no command ${name}.\n\n${HELP}`);
    return 1;
  }
  if (process.getuid?.() !== 0) {
    console.error("sitectl: run it as root (sudo sitectl …): it acts for the site's users.");
    return 1;
  }
  return command.pausesTimers ? pausingTimers(() => command.run(args)) : command.run(args);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof Failure) console.error(`sitectl: ${error.message}`);
    else console.error("sitectl: unexpected error:", error);
    process.exit(1);
  },
);
