// What a sitectl command is: a record its file exports as `command`. commands.ts lists them
// in the order `sitectl help` shows; the help is made from them, and docs/operations.md's
// table is checked against them (__tests__/server/sitectl-commands.test.ts).
import { Failure } from "../installed/shell";

export interface Command {
  /** What the operator types after `sitectl`. */
  name: string;
  /** How it is typed, after `sitectl`: one line each way (the docs' table has a row per line). */
  usage: string[];
  /** One line for `sitectl help`. */
  summary: string;
  /**
   * It stops the services for a while: the watch's and the backups' timers are stopped
   * meanwhile (a stop on purpose is not a problem to tell anyone of, and a backup of a
   * half-restored site is none), a backup under way ends first, and they are started again
   * however it ends (server/installed/pause.ts).
   */
  pausesTimers?: boolean;
  /** Does it; 0 when all went well. A Failure's sentence is what the operator reads. */
  run: (args: string[]) => number | Promise<number>;
}

/** The usage column's width in the help; a longer usage, or more than one, puts the summary on a line of its own. */
const USAGE_WIDTH = 31;

/** `sitectl help`'s list: each way of typing a command, then what it does. */
export function helpLines(commands: Command[]): string[] {
  return commands.flatMap(({ usage, summary }) => {
    const lines = usage.map((line) => `  sitectl ${line}`);
    const last = lines.pop()!;
    return !lines.length && last.length < USAGE_WIDTH + 2
      ? [...lines, `${last.padEnd(USAGE_WIDTH + 2)}${summary}`]
      : [...lines, last, `${" ".repeat(USAGE_WIDTH + 2)}${summary}`];
  });
}

/** "sitectl alerts [--to ADDRESS] …": how a command is typed, for a message that refuses its arguments. */
export const usageOf = (command: Command) => command.usage.map((line) => `sitectl ${line}`).join(", or ");

/** The value typed after `flag` (`--at ID`); undefined when the flag is not given, `problem` when it has no value. */
export function optionValue(args: string[], flag: string, problem: string): string | undefined {
  const at = args.indexOf(flag);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith("--")) throw new Failure(problem);
  return value;
}
