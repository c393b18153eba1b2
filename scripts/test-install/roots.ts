// The Debian 13 roots `npm run test:install` boots, cached between runs:
//   base-<suite>/      debootstrap's minimal Debian 13 with systemd (about a minute)
//   prepared-<key>/    the base plus what the booted machines cannot fetch (they have no
//                      network): Debian's packages deploy/install will install (downloaded,
//                      not installed), the npm cache for package-lock.json, and the test's
//                      own tools (pebble, Let's Encrypt's test ACME server; postfix, a real
//                      mail server delivering every message to root's mailbox; curl;
//                      faketime, for a build made as if it were yesterday; moto_server,
//                      an S3-compatible bucket for the CDN mirror). Its key
//                      changes with deploy/packages and the lock.
// Each run copies the prepared root, so every machine starts as a fresh server.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { chroot, host } from "./machine";

const SUITE = "trixie";
/** The test's own packages inside the machines (not the site's: deploy/install brings those). */
const TEST_PACKAGES = ["curl", "pebble", "postfix", "faketime", "python3-moto", "python3-flask", "python3-flask-cors"];

/** The Debian mirror this host uses (its apt sources), else Debian's own. */
function mirror(): string {
  const sources = ["/etc/apt/sources.list.d/debian.sources", "/etc/apt/sources.list"]
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file, "utf8"))
    .join("\n");
  return (
    process.env.DEBIAN_MIRROR ??
    /(?:URIs:|deb)\s+(https?:\/\/\S+\/debian)\b/.exec(sources)?.[1] ??
    "http://deb.debian.org/debian"
  );
}

/** Made once, then kept: the minimal Debian 13 with systemd. */
export function baseRoot(cache: string): string {
  const root = path.join(cache, `base-${SUITE}`);
  if (fs.existsSync(path.join(root, "etc", "os-release"))) return root;
  const partial = `${root}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  host("debootstrap", [
    "--variant=minbase",
    "--include=systemd,systemd-sysv,dbus,ca-certificates",
    SUITE,
    partial,
    mirror(),
  ]);
  fs.renameSync(partial, root);
  return root;
}

/** The site's packages as deploy/install reads them, every line (certbot too). */
export function sitePackages(app: string): string[] {
  return fs
    .readFileSync(path.join(app, "deploy", "packages"), "utf8")
    .split("\n")
    .map((line) =>
      line
        .replace(/#.*/, "")
        .replace(/^acme:/, "")
        .trim(),
    )
    .flatMap((line) => line.split(/\s+/).filter(Boolean));
}

/** Made once per package list and lockfile, then kept. */
export function preparedRoot(cache: string, app: string, base: string): string {
  const packages = sitePackages(app);
  const lock = fs.readFileSync(path.join(app, "package-lock.json"));
  const key = crypto
    .createHash("sha256")
    .update(JSON.stringify({ packages, TEST_PACKAGES, version: 2 }))
    .update(lock)
    .digest("hex")
    .slice(0, 12);
  const root = path.join(cache, `prepared-${key}`);
  const done = `${root}.done`;
  if (fs.existsSync(done)) return root;
  for (const old of fs.readdirSync(cache).filter((name) => name.startsWith("prepared-"))) {
    fs.rmSync(path.join(cache, old), { recursive: true, force: true });
  }
  const partial = `${root}.partial`;
  host("cp", ["-a", "--reflink=auto", base, partial]);
  // The host's certificate authorities, for the registries behind this network's proxy;
  // removed again below.
  fs.copyFileSync("/etc/ssl/certs/ca-certificates.crt", path.join(partial, "root", "host-ca.crt"));
  fs.mkdirSync(path.join(partial, "root", "warm"));
  for (const file of ["package.json", "package-lock.json"]) {
    fs.copyFileSync(path.join(app, file), path.join(partial, "root", "warm", file));
  }
  chroot(
    partial,
    `
    export DEBIAN_FRONTEND=noninteractive
    # Nothing starts while installing (no systemd runs here).
    printf '#!/bin/sh\\nexit 101\\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    apt-get update -q
    echo 'postfix postfix/main_mailer_type select Local only' | debconf-set-selections
    echo 'postfix postfix/mailname string anodising-test' | debconf-set-selections
    apt-get install -y -q --no-install-recommends ${TEST_PACKAGES.join(" ")}
    # postfix takes mail for any address and delivers it to root's mailbox (/var/mail/root).
    echo '/.+/ root' > /etc/postfix/all-to-root
    postconf -e virtual_alias_maps=regexp:/etc/postfix/all-to-root default_transport=smtp relay_transport=smtp
    apt-get install -y -q --no-install-recommends --download-only ${packages.join(" ")}
    # The npm cache, filled by Debian's own npm (installed for this, then removed again).
    apt-get install -y -q --no-install-recommends nodejs npm
    cd /root/warm && npm ci --omit=dev --ignore-scripts --no-audit --no-fund
    cd / && rm -rf /root/warm
    apt-get purge -y -q nodejs npm && apt-get autoremove --purge -y -q
    apt-get install -y -q --no-install-recommends --download-only ${packages.join(" ")}
    rm -f /usr/sbin/policy-rc.d /root/host-ca.crt
    `,
    { NODE_EXTRA_CA_CERTS: "/root/host-ca.crt" },
  );
  fs.renameSync(partial, root);
  fs.writeFileSync(done, `${new Date().toISOString()}\n`);
  return root;
}
