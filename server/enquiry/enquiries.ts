// `npm run enquiries`: what the enquiry service holds, for the operator (run it as the
// service's user, with the same ENQUIRY_DIR or HOST_DIR).
//   npm run enquiries                   pending, failed and sent, oldest first
//   npm run enquiries -- --retry ID     a failed one back to pending (or a pending one now)
//   npm run enquiries -- --export ID    the e-mail as sent, to standard output (.eml)
//   npm run enquiries -- --drawing ID [N]  a file too large to e-mail (the Nth, 1 unless said), to standard output
//   npm run enquiries -- --json         every enquiry's reference, state, time and last error (sitectl doctor)
import { messageIdOf } from "./message";
import { readEnquirySettings } from "./settings";
import { ID_PATTERN } from "./reference";
import { STATES, Spool } from "./spool";

function main(args: string[]): number {
  const spool = new Spool(readEnquirySettings().dir);
  const [option, id, nth = "1"] = args;
  if (option === "--retry" || option === "--export" || option === "--drawing") {
    if (!id || !ID_PATTERN.test(id)) return fail(`${option} needs an enquiry's reference, e.g. ${option} 7KQ3M9D2XA`);
    const state = spool.stateOf(id);
    if (!state) return fail(`no enquiry ${id} in ${spool.dir}`);
    if (option === "--export") {
      process.stdout.write(spool.read(id));
      return 0;
    }
    if (option === "--drawing") {
      if (!/^[1-9]\d?$/.test(nth)) return fail(`--drawing ${id} N: N is the file's number, 1 for the first`);
      const drawing = spool.readDrawing(id, Number(nth) - 1);
      if (!drawing)
        return fail(
          `${id} has no file ${nth} kept on the server (files that went with its e-mail are in it: --export ${id})`,
        );
      process.stdout.write(drawing);
      return 0;
    }
    if (state === "sent") return fail(`${id} was sent already; --export it to send it by hand`);
    spool.askToSend(id, state);
    spool.writeStatus();
    console.log(`${id}: pending; the enquiry service sends it within a few seconds`);
    return 0;
  }
  if (option === "--json") {
    console.log(JSON.stringify(STATES.flatMap((state) => spool.list(state))));
    return 0;
  }
  if (option) return fail(`unknown option ${option}: use --retry ID, --export ID, --drawing ID or --json`);
  const rows = STATES.flatMap((state) => spool.list(state));
  if (!rows.length) console.log(`No enquiries in ${spool.dir}.`);
  for (const entry of rows) {
    const note = entry.attempts.lastError
      ? `  ${entry.attempts.attempts} tries, last: ${entry.attempts.lastError}`
      : "";
    const messageId = messageIdOf(spool.read(entry.id));
    console.log(
      `${entry.id}  ${entry.state.padEnd(7)}  ${entry.receivedAt.toISOString()}  ${String(entry.size).padStart(9)} B  ${messageId}${entry.drawingSize ? `  drawing kept here (${entry.drawingSize} B): --drawing ${entry.id}` : ""}${note}`,
    );
  }
  return 0;
}

function fail(message: string): number {
  console.error(`enquiries: ${message}`);
  return 1;
}

process.exitCode = main(process.argv.slice(2));
