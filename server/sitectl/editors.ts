// `sitectl editors add|remove NAME`, `sitectl editors list`: the staff logins, changed by the
// login check's own script as its user (it asks for the password on the terminal).
import { SERVICES } from "../installed/layout";
import { script } from "../installed/sandbox";
import { Failure } from "../installed/shell";
import type { Command } from "./command";

function editors(args: string[]): number {
  const [action, name] = args;
  if (!["add", "remove", "list"].includes(action ?? "") || (action !== "list" && !name)) {
    throw new Failure("usage: sitectl editors add NAME | editors remove NAME | editors list");
  }
  // editors.ts asks for the password on the terminal, or takes EDITOR_PASSWORD.
  return script(SERVICES.login.user, "server/login/editors.ts", [action, ...(name ? [name] : [])], { show: true })
    .status;
}

export const command: Command = {
  name: "editors",
  usage: ["editors add|remove NAME", "editors list"],
  summary: "the staff logins (the password is asked)",
  run: editors,
};
