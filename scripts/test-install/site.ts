// The installed site as the phases of `npm run test:install` reach it: its names and
// addresses, the operator's settings given at install, the install command, and the requests
// staff, a buyer and an operator make (curl inside the machine, the editor's API, the form).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { services } from "../../e2e/content";
import { edited } from "../../server/tests/host";
import { host, type Machine } from "./machine";
import { carried } from "./run";

export const DOMAIN = "www.anodising.test";
export const UNRESOLVED = "nowhere.anodising.test";
export const SOURCE = "/root/anodising-site";
export const ACME = "https://localhost:14000/dir";
/** The operator's address for enquiries, set at install; and the one `sitectl enquiries-to` changes it to. */
export const ENQUIRIES_TO = "sales@anodising.test";
export const ENQUIRIES_TO_LATER = "orders@anodising.test";
/** The operator's address for the server's own alerts. */
export const ALERTS_TO = "ops-alerts@anodising.test";
/** The owner's address for the weekly report of visits, set at install. */
export const OWNER_TO = "owner@anodising.test";
/** The booted machines have no network: npm must find everything in the cache made for them. */
export const OFFLINE = { npm_config_offline: "true" };
export const MAX_EXPOSURE = 3.1;
/** The watch's checking part (issue 52: at most 3.0). */
export const WATCH_EXPOSURE = 3.0;

/** A file's text, or "" while it is not there. */
export const readIfThere = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");

export const resolveHere = (machine: Machine, name: string) =>
  fs.appendFileSync(machine.file("/etc/hosts"), `127.0.0.1 ${name}\n`);

export const installCommand = (args: string, env = "") => `cd ${SOURCE} && ${env} ./deploy/install ${args}`;
export const acmeArgs = `--domain ${DOMAIN} --email ops@anodising.test --acme-server ${ACME} --acme-ca /root/pebble/ca.pem --enquiries-to ${ENQUIRIES_TO} --alerts-to ${ALERTS_TO} --owner-mail ${OWNER_TO}`;
export const loginEnv = `EDITOR_NAME=${carried.login.name} EDITOR_PASSWORD=${carried.login.password}`;
export const basic = `-u ${carried.login.name}:${carried.login.password}`;

/** HTTP status (and more, by curl's -w) of a request made inside the machine. */
export const curl = (machine: Machine, args: string, write = "%{http_code}") =>
  machine.run(`curl -s -o /dev/null -w '${write}' ${args}`).stdout;

export const status = (machine: Machine) =>
  JSON.parse(fs.readFileSync(machine.file("/srv/site/host/publisher/status.json"), "utf8")) as {
    state: string;
    live: { commit: string; release: string } | null;
    history: unknown[];
    warnings: string[];
    nextChange: string | null;
  };
/** How the running enquiry service finds its mail server (its status.json). */
export const mailState = (machine: Machine) =>
  (
    JSON.parse(readIfThere(machine.file("/srv/site/enquiry/status.json")) || "{}") as {
      mail?: { state: string; server: string; startedAt: string };
    }
  ).mail;
/** As an operator restarts it after changing its settings (its start limit is for crash loops). */
export const RESTART_PUBLISHER =
  "systemctl daemon-reload && systemctl reset-failed anodising-publisher && systemctl restart anodising-publisher";
/** The content repository's head, asked as its owner, the editor's user (root runs no git there). */
export const repoHead = (machine: Machine) =>
  machine
    .must(
      "runuser -u site-editor -- git -c core.hooksPath=/dev/null -c core.fsmonitor=false -C /srv/site/host/repo rev-parse HEAD",
    )
    .trim();
export const codeInUse = (machine: Machine) => path.basename(fs.readlinkSync(machine.file("/srv/site/app")));

/** A commit in the machine's clone (where `sitectl update` fetches from); its hash. */
export function commitToClone(machine: Machine, message: string, change: (clone: string) => void): string {
  const clone = machine.file(SOURCE);
  change(clone);
  const identity = ["-c", "user.name=Install test", "-c", "user.email=test@example.invalid"];
  host("git", ["-C", clone, ...identity, "commit", "--quiet", "--all", "--message", message]);
  return host("git", ["-C", clone, "rev-parse", "HEAD"]).trim();
}

/** A phone number saved through the editor's API as the editor's page sends it: its answer and status. */
export function staffSave(machine: Machine, phone: string): string {
  const file = machine.file("/srv/site/host/repo/content/site.yaml");
  return staffSaveFile(machine, "site", edited(fs.readFileSync(file, "utf8"), ["en", "contacts", 0, "phone"], phone));
}

/** content/NAME.yaml saved through the editor's API with `raw` as its text: the answer and status. */
export function staffSaveFile(machine: Machine, name: string, raw: string): string {
  const body = {
    action: "persistEntry",
    params: {
      branch: "main",
      dataFiles: [{ slug: name, path: `content/${name}.yaml`, raw }],
      assets: [],
      options: {
        commitMessage: `Update content/${name}.yaml`,
        useWorkflow: false,
        status: "published",
        collectionName: name,
      },
    },
  };
  fs.writeFileSync(machine.file("/root/persist.json"), JSON.stringify(body));
  return machine
    .run(
      `curl -sS -w '\\n%{http_code}' --cacert /root/pebble/root.pem ${basic} -H 'Content-Type: application/json' -H 'Origin: https://${DOMAIN}' -H 'Sec-Fetch-Site: same-origin' --data-binary @/root/persist.json https://${DOMAIN}/api/v1`,
    )
    .stdout.trim();
}

/** An enquiry as the form posts it (JSON answer); its reference. */
export function postEnquiry(machine: Machine, base: string, curlArgs: string): string {
  const fields = {
    name: "Asha Rao",
    email: "asha@rao-castings.test",
    service: services[0].slug,
    message: "Hard anodising, 50 um, black. Install test.",
    consent: "yes",
  };
  const form = Object.entries(fields)
    .map(([name, value]) => `-F '${name}=${value}'`)
    .join(" ");
  const answer = machine.must(`curl -sS ${curlArgs} -H 'Accept: application/json' ${form} ${base}api/enquiry`);
  const reference = (JSON.parse(answer) as { reference?: string }).reference;
  assert.ok(reference, `the enquiry was not taken: ${answer}`);
  return reference;
}

/**
 * A page with its webpack files' content hashes left out: webpack's hashes follow the
 * folder the code was built from (/srv/site/code/<commit>), which differs between A and B.
 */
export const withoutScriptHashes = (html: string) => html.replace(/-[0-9a-f]{20}\.js\b/g, "-HASH.js");

export function pageBodies(machine: Machine, base: string, curlArgs: string): Record<string, string> {
  const routes = ["/", `/${services[0].slug}`];
  return Object.fromEntries(
    routes.map((route) => [route, machine.must(`curl -sS ${curlArgs} ${base.slice(0, -1)}${route}`)]),
  );
}
