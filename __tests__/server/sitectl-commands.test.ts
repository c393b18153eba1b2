/**
 * @jest-environment node
 */
// sitectl's commands are records (server/sitectl/command.ts): the help is made from them, and
// docs/operations.md's table has a row for each way of typing one, in the help's order.
import fs from "node:fs";
import path from "node:path";
import { COMMANDS, HELP } from "../../server/sitectl/commands";
import { helpLines, optionValue, usageOf, type Command } from "../../server/sitectl/command";

/** The first cells of the table under "Looking after it: `sitectl`", as typed (`\|` is `|`). */
function documented(): string[] {
  const text = fs.readFileSync("docs/operations.md", "utf8");
  const section = text.slice(text.indexOf("## Looking after it: `sitectl`"));
  const table = section.slice(section.indexOf("\n|"), section.indexOf("\n\n", section.indexOf("\n|")));
  return table
    .split("\n")
    .map((line) => /^\|\s*`(sitectl [^`]+)`\s*\|/.exec(line)?.[1])
    .filter((cell): cell is string => cell !== undefined)
    .map((cell) => cell.replace(/\\\|/g, "|"));
}

test("each command has a name, a summary and at least one way of typing it, and names are unique", () => {
  expect(COMMANDS.length).toBeGreaterThan(10);
  for (const command of COMMANDS) {
    expect(command.name).toMatch(/^[a-z][a-z-]*$/);
    expect(command.summary.length).toBeGreaterThan(10);
    expect(command.usage.length).toBeGreaterThan(0);
    for (const line of command.usage) expect(line.split(" ")[0]).toBe(command.name);
  }
  expect(new Set(COMMANDS.map((command) => command.name)).size).toBe(COMMANDS.length);
});

test("sitectl/ holds commands only, and commands.ts lists each of them", () => {
  const dir = path.resolve("server/sitectl");
  const files = fs.readdirSync(dir).filter((name) => !["command.ts", "commands.ts", "main.ts"].includes(name));
  const unlisted = files.filter((name) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const module = require(path.join(dir, name)) as { command?: Command };
    return !module.command || !COMMANDS.includes(module.command);
  });
  expect(unlisted).toEqual([]);
});

test("the help lists every way of typing every command, each followed by its summary", () => {
  for (const command of COMMANDS) {
    for (const line of command.usage) expect(HELP).toContain(`  sitectl ${line}`);
    expect(HELP).toContain(command.summary);
  }
});

test("docs/operations.md's table has a row for each way of typing a command, in the help's order", () => {
  expect(documented()).toEqual(COMMANDS.flatMap((command) => command.usage.map((line) => `sitectl ${line}`)));
});

test("only commands that stop services pause the timers (the watch, the backups)", () => {
  expect(COMMANDS.filter((command) => command.pausesTimers).map((command) => command.name)).toEqual([
    "update",
    "restore",
  ]);
});

test("a short usage shares its line with the summary; a long one, or several, put it on its own", () => {
  const run = () => 0;
  const short: Command = { name: "a", usage: ["a [--x]"], summary: "does a", run };
  const long: Command = { name: "b", usage: [`b ${"--option ".repeat(4)}`], summary: "does b", run };
  const two: Command = { name: "c", usage: ["c one", "c two"], summary: "does c", run };
  const lines = helpLines([short, long, two]);
  expect(lines[0]).toMatch(/^ {2}sitectl a \[--x\] +does a$/);
  expect(lines.slice(1, 3).map((line) => line.trim())).toEqual([`sitectl b ${"--option ".repeat(4)}`.trim(), "does b"]);
  expect(lines.slice(3).map((line) => line.trim())).toEqual(["sitectl c one", "sitectl c two", "does c"]);
  expect(usageOf(two)).toBe("sitectl c one, or sitectl c two");
});

test("an option's value is the word after it; an option not given has none, whatever else is typed", () => {
  const args = ["--from-backups", "--at", "latest", "--host", "www.example.com"];
  expect(optionValue(args, "--at", "no ID")).toBe("latest");
  expect(optionValue(args, "--host", "no name")).toBe("www.example.com");
  // Not given: nothing, never the first word (a restore once took "--from-backups" as the host).
  expect(optionValue(["--from-backups", "--at", "latest"], "--host", "no name")).toBeUndefined();
  expect(optionValue(["--from-backups"], "--at", "no ID")).toBeUndefined();
  expect(() => optionValue(["--from-backups", "--host"], "--host", "no name")).toThrow("no name");
  expect(() => optionValue(["--host", "--at", "latest"], "--host", "no name")).toThrow("no name");
});
