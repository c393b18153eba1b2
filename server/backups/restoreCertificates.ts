// `sitectl restore --with-certificates`: the certificates.tar inside a backup, checked member
// by member before anything of it is unpacked. Only certbot's certificates, keys, account and
// renewal settings (etc/letsencrypt/{accounts,archive,live,renewal}) and the self-signed
// certificate (etc/anodising/tls) come back: plain files and folders, and links that stay
// inside etc/letsencrypt. Renewal settings that would have certbot run a program (hooks,
// another authenticator) or write elsewhere are refused; certbot's own hooks folder is left
// out (deploy/configure writes the site's hook). Unpacked into root's staging folder taking
// no owner or mode from the archive, then copied into place as root's, private.
import fs from "node:fs";
import path from "node:path";
import { badName, members } from "./archive";
import { Failure, must } from "../installed/shell";

const ACME_WEBROOT = "/var/lib/anodising/acme";
/** What may come back, under etc/letsencrypt/ or as etc/anodising/tls/. */
const KEPT = [
  "etc/letsencrypt/accounts",
  "etc/letsencrypt/archive",
  "etc/letsencrypt/live",
  "etc/letsencrypt/renewal",
  "etc/anodising/tls",
];
/** Folders on the way to them. */
const PARENTS = new Set(["etc", "etc/letsencrypt", "etc/anodising"]);
const inside = (name: string, dir: string) => name === dir || name.startsWith(`${dir}/`);

export interface Certificates {
  /** The checked tree, unpacked in the staging folder (its etc/). */
  dir: string;
  /** Members left out (certbot's hooks and its other files), said to the operator. */
  left: string[];
}

/** Why a renewal setting file may not be restored, or null. */
export function renewalProblem(text: string): string | null {
  let section = "";
  for (const line of text.split("\n")) {
    const header = /^\s*\[+\s*([^\]]+?)\s*\]+/.exec(line);
    if (header) section = header[1];
    const setting = /^\s*([A-Za-z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!setting) continue;
    const [, key, value] = setting;
    if (/hook$/i.test(key)) return `it sets ${key}, a program certbot would run as root`;
    if (key === "authenticator" && value !== "webroot") return `its authenticator is ${value}, not webroot`;
    if (key === "installer" && !/^none$/i.test(value)) return `it names an installer (${value})`;
    const webroot = section === "webroot_map" || key === "webroot_path";
    if (webroot && value.replace(/,$/, "") !== ACME_WEBROOT) return `its webroot is ${value}, not ${ACME_WEBROOT}`;
  }
  return null;
}

/** Checks certificates.tar and unpacks what may come back into `staging`; throws naming the member. */
export function checkCertificates(archive: string, staging: string): Certificates {
  const refuse = (name: string, why: string): never => {
    throw new Failure(`the backup's certificates are refused: ${name} is ${why}; nothing was changed.`);
  };
  const listed = members(archive);
  const links = new Set(listed.filter((member) => member.type === "l").map((member) => member.name));
  const kept: string[] = [];
  const left: string[] = [];
  for (const { type, name, target } of listed) {
    const bad = badName(name);
    if (bad) refuse(name, bad);
    if (PARENTS.has(name) && type === "d") continue;
    if (inside(name, "etc/letsencrypt") && !KEPT.some((dir) => inside(name, dir))) {
      left.push(name);
      continue;
    }
    if (!KEPT.some((dir) => inside(name, dir))) refuse(name, "outside etc/letsencrypt and etc/anodising/tls");
    // Nothing may be unpacked through a link the archive made.
    const through = [...links].find((link) => name.startsWith(`${link}/`));
    if (through) refuse(name, `under the link ${through}`);
    if (type === "l") {
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(name), target ?? ""));
      if (!target || target.startsWith("/") || !inside(resolved, "etc/letsencrypt"))
        refuse(name, `a link leading out of etc/letsencrypt (to ${target})`);
    } else if (type !== "-" && type !== "d") refuse(name, type === "h" ? "a hard link" : "a special file");
    kept.push(name);
  }
  const dir = path.join(staging, "certificates");
  fs.mkdirSync(dir, { mode: 0o700 });
  const topLevel = [...new Set(kept.map((name) => name.split("/").slice(0, 3).join("/")))];
  if (topLevel.length)
    must("tar", ["-xf", archive, "-C", dir, "--no-same-owner", "--no-same-permissions", "--no-recursion", ...kept]);
  const renewal = path.join(dir, "etc", "letsencrypt", "renewal");
  for (const name of fs.existsSync(renewal) ? fs.readdirSync(renewal) : []) {
    const file = path.join(renewal, name);
    const problem = fs.lstatSync(file).isFile() && renewalProblem(fs.readFileSync(file, "utf8"));
    if (problem) {
      fs.rmSync(dir, { recursive: true, force: true });
      refuse(`etc/letsencrypt/renewal/${name}`, `a renewal setting certbot may not take: ${problem}`);
    }
  }
  // Private (root's already: tar takes no owner from the archive): nginx's master process and certbot run as root.
  must("chmod", ["-R", "go-rwx,ug-s", dir]);
  return { dir, left };
}

/** Copies the checked tree into /etc, replacing what is there of the same folders. */
export function placeCertificates({ dir }: Certificates): void {
  for (const kept of KEPT) {
    const from = path.join(dir, kept);
    if (!fs.existsSync(from)) continue;
    const to = path.join("/", kept);
    fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o755 });
    fs.rmSync(to, { recursive: true, force: true });
    must("cp", ["-a", from, to]);
  }
}
