// The editor's side: the content repository the editor's alone and on main (asked in the
// editor's sandbox, never of git as root), what is live the publisher's alone, a login,
// and the secret nginx shares with the editor.
import {
  EDITOR_PROXY_ENV,
  EDITOR_SECRET_MAP,
  HOST_DIR,
  REPO_DIR,
  SERVICES,
  nginxHasSecret,
} from "../../installed/layout";
import { sandboxScript } from "../../installed/sandbox";
import { printable } from "../../installed/serviceFiles";
import { count, run, script } from "../../installed/shell";
import { DEPLOY_AGAIN, ok, problem, type Finding } from "./finding";

/**
 * The content repository is the editor's alone (nobody else writes it, so nobody else's
 * git runs what is in it), and on main with nothing half-done: asked of the editor's user
 * in its sandbox, never of git as root.
 */
export function repository(): Finding[] {
  const editor = SERVICES.editor.user;
  // find -P never follows a link; it only looks at owners and modes.
  const foreign = run("find", [
    "-P",
    REPO_DIR,
    "(",
    "!",
    "-user",
    editor,
    "-o",
    "!",
    "-type",
    "l",
    "-perm",
    "/g+w,o+w",
    ")",
    "-print",
  ])
    .stdout.split("\n")
    .filter(Boolean);
  const findings: Finding[] = [];
  findings.push(
    foreign.length
      ? problem(
          "repository-owner",
          `${foreign.length} files of the content repository are not the editor's alone (for example ${printable(foreign[0])}).`,
          DEPLOY_AGAIN,
          "staff may be unable to save",
        )
      : ok(`the content repository is ${editor}'s alone`),
  );
  const checked = sandboxScript("editor", "server/editor/repair.ts", ["--check"]);
  const trouble = printable(checked.stdout.trim());
  findings.push(
    checked.status !== 0
      ? problem(
          "repository",
          `the content repository could not be checked: ${printable(checked.stderr.trim())}`,
          "sitectl repair",
          "staff may be unable to save",
        )
      : trouble !== "ok"
        ? problem(
            "repository",
            `the content repository needs repair (${trouble}): the editor refuses to save.`,
            "sitectl repair",
            "staff cannot save in the editor",
          )
        : ok("the content repository is on main, nothing under way or uncommitted"),
  );
  // The editor faces the internet: what is live must not be its to change.
  // (as deploy/configure: a file hard-linked from the repository is the repository's)
  const writable = run("find", [
    HOST_DIR,
    "-path",
    REPO_DIR,
    "-prune",
    "-o",
    "!",
    "-type",
    "l",
    "(",
    "-type",
    "d",
    "-o",
    "-links",
    "1",
    ")",
    "-perm",
    "/g+w,o+w",
    "-print",
  ])
    .stdout.split("\n")
    .filter(Boolean);
  findings.push(
    writable.length
      ? problem(
          "host-writable",
          `${writable.length} files outside the content repository may be changed by the editor's group (for example ${printable(writable[0])}).`,
          DEPLOY_AGAIN,
          "nothing visible; a stolen staff login could change what is live",
        )
      : ok("releases and the publisher's state are the publisher's alone to write"),
  );
  return findings;
}

export function logins(): Finding {
  // Listed by the editor's user: root reads nothing in the editor's folder.
  const listed = script(SERVICES.editor.user, "server/editor/editors.ts", ["list"]);
  const total = listed.stdout.split("\n").filter((line) => line && !line.startsWith("No logins")).length;
  return total
    ? ok(count(total, "editor login"))
    : problem(
        "logins",
        "there is no editor login: nobody can change the site from the browser.",
        "sitectl editors add NAME",
        "staff cannot log in to the editor",
      );
}

/** nginx tells the editor each visitor's address with a secret the editor knows too (deploy/configure). */
export function editorSecret(): Finding {
  return nginxHasSecret(EDITOR_PROXY_ENV, "EDITOR_PROXY_SECRET", EDITOR_SECRET_MAP)
    ? ok("nginx and the editor share the secret that carries visitors' addresses")
    : problem(
        "editor-secret",
        "nginx and the editor do not share their secret: the editor cannot tell visitors apart, and may block them all as one or none.",
        DEPLOY_AGAIN,
        "staff may be blocked from the editor after others' wrong passwords",
      );
}
