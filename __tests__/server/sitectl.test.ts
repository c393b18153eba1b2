/**
 * @jest-environment node
 */
// sitectl's guards against the services it looks after (issue 35), on this machine: the
// sandbox its git and scripts run in (from the installed units), the archives a restore
// takes (member by member), the service files root reads, and the operator's settings.
// The whole of it runs as root on a booted Debian 13 in `npm run test:install`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { members } from "../../server/backups/archive";
import { OPERATOR_EMAIL, SMTP_URL_PATTERN, WEBHOOK_PATTERN } from "../../server/installed/layout";
import { SITE_URL_PATTERN } from "../../src/contract/content";
import { checkCertificates, renewalProblem } from "../../server/backups/restoreCertificates";
import { HELPER_TIMEOUT_SECONDS, helperProperties, sandboxProperties } from "../../server/installed/sandbox";
import { readOwnedFile } from "../../server/installed/serviceFiles";
import { printable } from "../../server/lib/printable";
import { Failure } from "../../server/installed/shell";

const DEPLOY = path.resolve(__dirname, "..", "..", "deploy");
let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "sitectl-"))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const sh = (script: string) => {
  const ran = spawnSync("bash", ["-euo", "pipefail", "-c", script], { cwd: dir, encoding: "utf8" });
  if (ran.status !== 0) throw new Error(ran.stderr);
};

describe("the sandbox sitectl runs the editor's git in", () => {
  const properties = sandboxProperties(
    fs.readFileSync(path.join(DEPLOY, "systemd", "anodising-editor.service"), "utf8"),
  );

  test("is the editor unit's own: its user, the one folder it writes, its private /tmp and its filters", () => {
    for (const property of [
      "User=site-editor",
      "ReadWritePaths=/srv/site/host/repo",
      "ProtectSystem=strict",
      "PrivateTmp=yes",
      "NoNewPrivileges=yes",
      "SystemCallFilter=@system-service",
      "CapabilityBoundingSet=",
    ])
      expect(properties).toContain(property);
  });

  test("takes nothing that starts, restarts or feeds the service", () => {
    for (const key of ["ExecStart", "Restart", "EnvironmentFile", "Type", "StateDirectory", "KillMode"])
      expect(properties.filter((property) => property.startsWith(`${key}=`))).toEqual([]);
  });
});

describe("the sandbox of every helper root runs as a service's user (issue 71, M1 and L5)", () => {
  const unit = (name: string) => fs.readFileSync(path.join(DEPLOY, "systemd", `${name}.service`), "utf8");

  test("its own PID namespace and a time limit, whatever its unit says", () => {
    for (const [user, file] of [
      ["site-enquiry", unit("anodising-enquiry")],
      ["www-data", null],
    ] as const) {
      const properties = helperProperties(user, file);
      expect(properties).toContain("PrivatePIDs=yes");
      expect(properties).toContain(`RuntimeMaxSec=${HELPER_TIMEOUT_SECONDS}`);
      expect(properties).toContain(`User=${user}`);
      expect(properties).toContain("NoNewPrivileges=yes");
    }
    expect(helperProperties("site-login", unit("anodising-login"), { show: true, timeoutSeconds: 30 })).toContain(
      "RuntimeMaxSec=30",
    );
  });

  test("a folder it is asked to write is writable, even where its unit only reads it", () => {
    const properties = helperProperties("site-login", unit("anodising-login"), { writes: ["/srv/site/login"] });
    expect(properties).toContain("ReadWritePaths=/srv/site/login");
    expect(properties).not.toContain("ReadOnlyPaths=/srv/site/login");
    expect(properties).toContain("ProtectSystem=strict");
  });

  test("every unit that runs as a service's user has a PID namespace of its own", () => {
    const units = fs.readdirSync(path.join(DEPLOY, "systemd")).filter((name) => name.endsWith(".service"));
    const asServices = units.filter((name) => /^User=/m.test(unit(name.replace(/\.service$/, ""))));
    expect(asServices.length).toBeGreaterThanOrEqual(7);
    for (const name of asServices)
      expect([name, /^PrivatePIDs=yes$/m.test(unit(name.replace(/\.service$/, "")))]).toEqual([name, true]);
  });

  test("no helper is given root's environment: its settings are named, a secret never", () => {
    const source = fs.readFileSync(path.join(DEPLOY, "..", "server", "installed", "sandbox.ts"), "utf8");
    expect(source).not.toMatch(/\.\.\.process\.env/);
    const shell = fs.readFileSync(path.join(DEPLOY, "lib", "common.sh"), "utf8");
    const asUser = shell.slice(shell.indexOf("as_user() {"), shell.indexOf("\n}\n", shell.indexOf("as_user() {")));
    expect(asUser).toContain("systemd-run");
    expect(asUser).toContain("PrivatePIDs=yes");
    expect(asUser).toContain("RuntimeMaxSec=");
    expect(asUser).not.toMatch(/runuser/);
  });
});

describe("a backup's certificates, checked member by member before anything is unpacked", () => {
  /** etc/ as certbot leaves it, with what `extra` adds; packed as certificates.tar. */
  function archive(extra = "", after = ""): string {
    sh(`mkdir -p etc/letsencrypt/{live/www.example.com,archive/www.example.com,renewal,accounts,renewal-hooks/deploy}
        echo cert > etc/letsencrypt/archive/www.example.com/cert1.pem
        echo key > etc/letsencrypt/archive/www.example.com/privkey1.pem
        ln -s ../../archive/www.example.com/cert1.pem etc/letsencrypt/live/www.example.com/cert.pem
        printf 'authenticator = webroot\\n[[webroot_map]]\\nwww.example.com = /var/lib/anodising/acme\\n' > etc/letsencrypt/renewal/www.example.com.conf
        printf '#!/bin/sh\\n' > etc/letsencrypt/renewal-hooks/deploy/reload && chmod +x etc/letsencrypt/renewal-hooks/deploy/reload
        echo 'max-log-backups = 0' > etc/letsencrypt/cli.ini
        ${extra}
        tar -cf certificates.tar etc/letsencrypt $(ls -d etc/* | grep -v letsencrypt || true)
        ${after}`);
    fs.mkdirSync(path.join(dir, "staging"));
    return path.join(dir, "certificates.tar");
  }
  const refusal = (tar: string) => {
    try {
      checkCertificates(tar, path.join(dir, "staging"));
    } catch (error) {
      if (error instanceof Failure) return error.message;
      throw error;
    }
    return null;
  };

  test("certbot's certificates, keys and renewal settings come back, private; its hooks and other files are left out", () => {
    const checked = checkCertificates(archive(), path.join(dir, "staging"));
    const live = path.join(checked.dir, "etc/letsencrypt/live/www.example.com/cert.pem");
    expect(fs.readFileSync(live, "utf8")).toBe("cert\n");
    expect(fs.readlinkSync(live)).toBe("../../archive/www.example.com/cert1.pem");
    expect(fs.existsSync(path.join(checked.dir, "etc/letsencrypt/renewal-hooks"))).toBe(false);
    expect(checked.left).toEqual(
      expect.arrayContaining(["etc/letsencrypt/renewal-hooks/deploy/reload", "etc/letsencrypt/cli.ini"]),
    );
    const key = fs.statSync(path.join(checked.dir, "etc/letsencrypt/archive/www.example.com/privkey1.pem"));
    expect(key.mode & 0o077).toBe(0);
  });

  test("a file unpacked through a link the archive made is refused", () => {
    const tar = archive(
      "ln -s ../archive etc/letsencrypt/accounts/arch",
      "echo x > x && tar -rf certificates.tar --transform 's,^x$,etc/letsencrypt/accounts/arch/x,' x",
    );
    expect(refusal(tar)).toMatch(
      /etc\/letsencrypt\/accounts\/arch\/x is under the link etc\/letsencrypt\/accounts\/arch/,
    );
  });

  test.each([
    [
      "a file for cron",
      "mkdir -p etc/cron.d && echo '* * * * * root id' > etc/cron.d/evil",
      /etc\/cron\.d.* outside etc\/letsencrypt/,
    ],
    [
      "a link leading out",
      "ln -s /etc/shadow etc/letsencrypt/live/www.example.com/privkey.pem",
      /privkey\.pem is a link leading out/,
    ],
    [
      "a hard link",
      "ln etc/letsencrypt/archive/www.example.com/cert1.pem etc/letsencrypt/archive/www.example.com/cert2.pem",
      /a hard link/,
    ],
    [
      "a renewal setting that runs a program",
      "echo 'renew_hook = touch /tmp/pwned' >> etc/letsencrypt/renewal/www.example.com.conf",
      /renew_hook, a program certbot would run as root/,
    ],
    [
      "a renewal setting that writes elsewhere",
      "printf 'webroot_path = /etc/cron.d,\\n' >> etc/letsencrypt/renewal/www.example.com.conf",
      /its webroot is \/etc\/cron\.d/,
    ],
  ])("%s is refused, naming the member, and nothing is unpacked", (_what, extra, why) => {
    const message = refusal(archive(extra));
    expect(message).toMatch(why);
    expect(message).toMatch(/nothing was changed/);
    expect(fs.existsSync(path.join(dir, "staging", "certificates"))).toBe(false);
  });

  test("a setuid file comes back without its setuid bit", () => {
    const checked = checkCertificates(
      archive(
        "cp /bin/true etc/letsencrypt/archive/www.example.com/tool && chmod 4755 etc/letsencrypt/archive/www.example.com/tool",
      ),
      path.join(dir, "staging"),
    );
    expect(fs.statSync(path.join(checked.dir, "etc/letsencrypt/archive/www.example.com/tool")).mode & 0o6000).toBe(0);
  });

  test("renewal settings certbot writes itself are taken", () => {
    expect(
      renewalProblem(
        "version = 2.11.0\n[renewalparams]\nauthenticator = webroot\nwebroot_path = /var/lib/anodising/acme,\nserver = https://acme-v02.api.letsencrypt.org/directory\ninstaller = None\n",
      ),
    ).toBeNull();
  });
});

describe("tar listings", () => {
  test("say each member's type, name and link target", () => {
    sh("mkdir -p a && echo x > 'a/with space' && ln -s 'with space' a/link && tar -cf t.tar a");
    const listed = members(path.join(dir, "t.tar"));
    expect(listed).toEqual(
      expect.arrayContaining([
        { type: "d", name: "a", target: undefined },
        { type: "-", name: "a/with space", target: undefined },
        { type: "l", name: "a/link", target: "with space" },
      ]),
    );
  });
});

describe("files root reads from a service's folder", () => {
  test("are read only when a plain file of that service's user: never through a link it planted", () => {
    const file = path.join(dir, "status.json");
    fs.writeFileSync(file, '{"ok":true}');
    const uid = fs.statSync(file).uid;
    expect(readOwnedFile(file, uid)).toBe('{"ok":true}');
    expect(readOwnedFile(file, uid + 1)).toBeUndefined();
    const secret = path.join(dir, "secret");
    fs.writeFileSync(secret, "root's secret");
    const link = path.join(dir, "log");
    fs.symlinkSync(secret, link);
    expect(readOwnedFile(link, uid)).toBeUndefined();
  });

  test("reach the terminal without their escape sequences", () => {
    expect(printable("build failed\u001b]0;owned\u0007\u001b[2J here\n\tnext")).toBe(
      "build failed]0;owned[2J here\n\tnext",
    );
  });
});

/** Whether each sample passes deploy/lib/common.sh's `valid NAME`: "1" or "0". */
const bashValid = (name: string, samples: string[]) => {
  const script = `source "${DEPLOY}/lib/common.sh"; for v in "$@"; do if valid ${name} "$v"; then echo 1; else echo 0; fi; done`;
  return spawnSync("bash", ["-c", script, "bash", ...samples], { encoding: "utf8" })
    .stdout.trim()
    .split("\n");
};

describe("the operator's settings, checked by sitectl as deploy/install checks them (issue 36)", () => {
  test("a mail server: smtp or smtps, nothing a KEY=value line or a shell could misread", () => {
    const samples = [
      "smtp://127.0.0.1:25",
      "smtps://user:p%24ss@mail.example.com:465",
      "smtp://user:pass@mail.example.com:587?tls.rejectUnauthorized=false",
      "http://mail.example.com",
      "smtp://mail.example.com\u0007:25",
      "smtp://u:pa ss@mail.example.com",
      "smtp://u:$(id)@mail.example.com",
      "smtp://mail.example.com:25\nX=1",
    ];
    const bash = bashValid("SMTP_URL", samples);
    expect(samples.map((sample) => (SMTP_URL_PATTERN.test(sample) ? "1" : "0"))).toEqual(bash);
    expect(bash).toEqual(["1", "1", "1", "0", "0", "0", "0", "0"]);
  });

  test("the published address: http or https, a name and a port, no path (issue 52, finding 8)", () => {
    const samples = [
      "https://www.example.com",
      "http://site.example.com:8080",
      "https://www.example.com/shop",
      "https://www.example.com/",
      "www.example.com",
      "https://www.exa mple.com",
      "https://$(id).example.com",
      "javascript:alert(1)",
    ];
    const bash = bashValid("SITE_URL", samples);
    expect(samples.map((sample) => (SITE_URL_PATTERN.test(sample) ? "1" : "0"))).toEqual(bash);
    expect(bash).toEqual(["1", "1", "0", "0", "0", "0", "0", "0"]);
  });

  test("a webhook: https anywhere, http on this machine only", () => {
    const samples = [
      "https://ntfy.sh/anodising-alerts",
      "https://chat.example.com:8443/hooks/abc_DEF-123?token=x",
      "http://127.0.0.1:8080/alerts",
      "http://localhost/alerts",
      "http://ntfy.sh/anodising-alerts",
      "https://ntfy.sh/a b",
      "https://ntfy.sh/$(id)",
      "ftp://example.com/",
    ];
    const bash = bashValid("WEBHOOK", samples);
    expect(samples.map((sample) => (WEBHOOK_PATTERN.test(sample) ? "1" : "0"))).toEqual(bash);
    expect(bash).toEqual(["1", "1", "1", "1", "0", "0", "0", "0"]);
  });
});

describe("the operator's address for enquiries", () => {
  test("is checked by sitectl as deploy/install checks it", () => {
    const samples = [
      "sales@example.com",
      "o'brien@example.ie",
      "a+b@mail.example.co.in",
      "x$(id)@example.com",
      "a b@example.com",
      "sales@example",
      "'q@example.com",
      "sales@example.com\nX=1",
    ];
    const script = `source "${DEPLOY}/lib/common.sh"; for v in "$@"; do if valid EMAIL "$v"; then echo 1; else echo 0; fi; done`;
    const bash = spawnSync("bash", ["-c", script, "bash", ...samples], { encoding: "utf8" })
      .stdout.trim()
      .split("\n");
    expect(samples.map((sample) => (OPERATOR_EMAIL.test(sample) ? "1" : "0"))).toEqual(bash);
    expect(bash).toEqual(["1", "1", "1", "0", "0", "0", "0", "0"]);
  });
});
