// The editor's side: the content repository the editor's alone and on main (asked in the
// editor's sandbox, never of git as root), what is live the publisher's alone, a login,
// and the secret nginx shares with the editor: each from what root found (rootFacts.ts).
import { SERVICES } from "../../installed/layout";
import { printable } from "../../lib/printable";
import { count } from "../../installed/shell";
import { failing, type Check } from "./check";
import { DEPLOY_AGAIN, ok } from "./finding";

/** Lines a `find` printed. */
const listed = (stdout: string) => stdout.split("\n").filter(Boolean);

/** The content repository is the editor's alone: nobody else writes it, so nobody else's git runs what is in it. */
export const repositoryOwner: Check = {
  id: "repository-owner",
  blips: 0,
  notice: "staff may be unable to save",
  fix: DEPLOY_AGAIN,
  run: ({ facts }) => {
    const foreign = listed(facts.repositoryForeign.stdout);
    return [
      foreign.length
        ? failing(
            `${foreign.length} files of the content repository are not the editor's alone (for example ${printable(foreign[0])}).`,
          )
        : ok(`the content repository is ${SERVICES.editor.user}'s alone`),
    ];
  },
};

/** On main with nothing half-done: asked of the editor's user in its sandbox, never of git as root. */
export const repository: Check = {
  id: "repository",
  blips: 0,
  notice: "staff cannot save in the editor",
  fix: "sitectl repair",
  run: ({ facts }) => {
    const checked = facts.repository;
    const trouble = printable(checked.stdout.trim());
    if (checked.status !== 0)
      return [
        failing(`the content repository could not be checked: ${printable(checked.stderr.trim())}`, {
          notice: "staff may be unable to save",
        }),
      ];
    if (trouble !== "ok")
      return [failing(`the content repository needs repair (${trouble}): the editor refuses to save.`)];
    return [ok("the content repository is on main, nothing under way or uncommitted")];
  },
};

/** The editor faces the internet: what is live must not be its to change. */
export const hostWritable: Check = {
  id: "host-writable",
  blips: 0,
  notice: "nothing visible; a stolen staff login could change what is live",
  fix: DEPLOY_AGAIN,
  run: ({ facts }) => {
    const writable = listed(facts.hostWritable.stdout);
    return [
      writable.length
        ? failing(
            `${writable.length} files outside the content repository may be changed by the editor's group (for example ${printable(writable[0])}).`,
          )
        : ok("releases and the publisher's state are the publisher's alone to write"),
    ];
  },
};

export const logins: Check = {
  id: "logins",
  blips: 0,
  notice: "staff cannot log in to the editor",
  fix: "sitectl editors add NAME",
  run: ({ facts }) => {
    const listing = facts.logins;
    if (listing.status !== 0)
      return [
        failing(`the logins could not be listed: ${printable(listing.stderr.trim()).slice(0, 300)}`, {
          notice: "staff may be unable to log in",
        }),
      ];
    const total = listing.stdout.split("\n").filter((line) => line && !line.startsWith("No logins")).length;
    return [
      total
        ? ok(count(total, "editor login"))
        : failing("there is no editor login: nobody can change the site from the browser."),
    ];
  },
};

/** nginx tells the editor the checked login with a secret the editor knows too (deploy/configure). */
export const editorSecret: Check = {
  id: "editor-secret",
  blips: 0,
  notice: "staff cannot save in the editor or use its history",
  fix: DEPLOY_AGAIN,
  run: ({ facts }) => [
    facts.secrets.editor
      ? ok("nginx and the editor share the secret that carries the staff login")
      : failing(
          "nginx and the editor do not share their secret: the editor refuses every logged-in request as not from nginx.",
        ),
  ],
};
