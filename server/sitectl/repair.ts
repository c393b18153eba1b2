// `sitectl repair`: when the editor refuses to save because the content repository is
// mid-rebase, off main or holds uncommitted files (sitectl doctor says which), puts it
// back on main. The editor is stopped meanwhile, so no save lands half way; the repair runs
// as the editor's user in its sandbox (server/editor/repair.ts), never as root.
import { SERVICES } from "../installed/layout";
import { sandboxScript } from "../installed/sandbox";
import { say, startUnits, systemctl, unitState } from "../installed/shell";
import type { Command } from "./command";

function repair(): number {
  const editor = SERVICES.editor.unit;
  const running = unitState(editor).ActiveState === "active";
  if (running) {
    systemctl("stop", editor);
    say(`The editor (${editor}) is stopped while the repository is mended.`);
  }
  try {
    return sandboxScript("editor", "server/editor/repair.ts", [], { show: true }).status;
  } finally {
    if (running) {
      const started = startUnits("start", editor);
      say(
        started.status === 0
          ? "The editor is running again."
          : `The editor did not start again (${started.stderr.trim()}): sitectl doctor`,
      );
    }
  }
}

export const command: Command = {
  name: "repair",
  usage: ["repair"],
  summary: "put the content repository back on main when the editor says it needs repair",
  run: () => repair(),
};
