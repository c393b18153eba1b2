// `sitectl editors add|remove NAME`, `sitectl editors list`: the staff logins, changed by the
// login check's own script as its user (it asks for the password on the terminal).
import path from "node:path";
import { EDITORS_FILE, SERVICES } from "../installed/layout";
import { script } from "../installed/sandbox";
import { Failure } from "../installed/shell";
import type { Command } from "./command";

function editors(args: string[]): number {
  const [action, name] = args;
  if (!["add", "remove", "list"].includes(action ?? "") || (action !== "list" && !name)) {
    throw new Failure("usage: sitectl editors add NAME | editors remove NAME | editors list");
  }
  // editors.ts asks for the password on the terminal, or takes it on standard input. Its
  // unit reads the logins' folder only: a change is written there in this helper alone.
  const writes = action === "list" ? [] : [path.dirname(EDITORS_FILE)];
  return script(SERVICES.login.user, "server/login/editors.ts", [action, ...(name ? [name] : [])], {
    show: true,
    writes,
  }).status;
}

export const command: Command = {
  name: "editors",
  usage: ["editors add|remove NAME", "editors list"],
  summary: "the staff logins (the password is asked)",
  run: editors,
};
