// What sitectl asks the operator, and how a secret reaches it: typed at the terminal with
// nothing shown (no scrollback, no tmux or `script` log holds it), or as a line on standard
// input; never on the command line, where /proc/PID/cmdline and sudo's log show it to
// others. A secret read from the environment is taken out of it at once, so that no
// program sitectl starts inherits it.
import readline from "node:readline";
import { Writable } from "node:stream";

/** Asks `question` at the terminal; what is typed is shown unless `secret`. A secret comes back as typed, other answers trimmed. */
export function ask(question: string, secret = false): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const prompt = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise<string>((resolve) => {
    prompt.question(question, (answer) => {
      prompt.close();
      if (secret) process.stdout.write("\n");
      resolve(secret ? answer : answer.trim());
    });
    muted = secret;
  });
}

/** The first line of standard input (a secret handed over by a pipe or a file), as it is; "" when there is none. */
export async function firstLineOfInput(input: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const lines = readline.createInterface({ input, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.replace(/\r$/, "");
  }
  return "";
}

/** The values of `names` in the environment, each removed from it once read. */
export function takeFromEnvironment(names: string[]): Record<string, string> {
  const taken: Record<string, string> = {};
  for (const name of names) {
    taken[name] = process.env[name] ?? "";
    delete process.env[name];
  }
  return taken;
}
