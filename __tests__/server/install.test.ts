/**
 * @jest-environment node
 */
// deploy/install's checks and the nginx server block it writes, on this machine. The
// whole installation is tested on a booted Debian 13 by `npm run test:install`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import * as layout from "../../server/installed/layout";

const DEPLOY = path.resolve(__dirname, "..", "..", "deploy");

const install = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(path.join(DEPLOY, "install"), ["--check", ...args], {
    encoding: "utf8",
    env: { ...process.env, SMTP_URL: "", EDITOR_NAME: "", ...env },
  });

describe("deploy/install --check", () => {
  test("bad options are refused, each with its own sentence, and nothing is changed", () => {
    const ran = install(["--domain", "not a domain", "--tls", "acme", "--email", "nobody"]);
    expect(ran.status).toBe(1);
    expect(ran.stderr).toContain("--domain not a domain is not a host name such as www.example.com.");
    expect(ran.stderr).toContain("--email nobody is not an e-mail address");
    expect(ran.stderr).toMatch(/Nothing was changed\.\n$/);
  });

  test("an unknown TLS mode is named", () => {
    const ran = install(["--domain", "www.example.com", "--tls", "maybe"]);
    expect(ran.status).toBe(1);
    expect(ran.stderr).toContain("--tls maybe is none of acme, self-signed, off.");
  });

  test("the first login and the mail server from the environment are checked before anything is done", () => {
    const ran = install(["--domain", "www.example.com", "--tls", "off"], {
      EDITOR_NAME: "Anita Desai",
      EDITOR_PASSWORD: "short",
      SMTP_URL: "mail.example.com",
    });
    expect(ran.status).toBe(1);
    expect(ran.stderr).toContain("EDITOR_NAME Anita Desai is not a login name");
    expect(ran.stderr).toContain("EDITOR_PASSWORD needs at least 12 characters.");
    expect(ran.stderr).toContain("SMTP_URL must be smtp://user:password@host:587 or smtps://");
  });

  test.each([
    [
      "--email",
      ["--email", "ops$(id>/tmp/pwned)@example.com"],
      "--email ops$(id>/tmp/pwned)@example.com is not an e-mail address",
    ],
    [
      "--acme-server",
      ["--email", "ops@example.com", "--acme-server", "https://ca.example/`id`"],
      "--acme-server https://ca.example/`id` is not an https:// address",
    ],
    [
      "--enquiries-to",
      ["--tls", "off", "--enquiries-to", "sales@example.com\nSMTP_URL=smtp://evil"],
      "--enquiries-to $'sales@example.com\\nSMTP_URL=smtp://evil' is not an e-mail address",
    ],
  ])(
    "an option carrying a shell command or a second line (%s) is refused, naming it (issue 35)",
    (_name, args, said) => {
      const ran = install(["--domain", "www.example.com", ...args]);
      expect(ran.status).toBe(1);
      expect(ran.stderr).toContain(said);
    },
  );

  test("a newline or a quote in SMTP_URL is refused (it would add lines to enquiry.env, or be changed by systemd)", () => {
    for (const url of [
      "smtp://u:p@mail.example.com:587\nENQUIRY_TO=thief@example.net",
      'smtp://u:p"w@mail.example.com',
    ]) {
      const ran = install(["--domain", "www.example.com", "--tls", "off"], { SMTP_URL: url });
      expect(ran.stderr).toContain("SMTP_URL must be");
    }
  });

  test("an address with an apostrophe is a real one, and is taken", () => {
    const ran = install([
      "--domain",
      "www.example.com",
      "--email",
      "o'brien@example.ie",
      "--enquiries-to",
      "o'brien@example.ie",
    ]);
    expect(ran.stderr).not.toContain("--email");
    expect(ran.stderr).not.toContain("--enquiries-to");
  });
});

describe("the installer's settings file", () => {
  /** load_settings on a settings file with `text`: the variables it set, or its refusal. */
  const load = (text: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "install-conf-"));
    const proof = path.join(dir, "ran");
    fs.writeFileSync(path.join(dir, "install.conf"), text.replaceAll("PROOF", proof));
    const script = `source "${DEPLOY}/lib/common.sh"; SETTINGS_FILE="${dir}/install.conf"; load_settings; printf '%s|%s|%s' "$DOMAIN" "$EMAIL" "$TLS"`;
    const ran = spawnSync("bash", ["-euo", "pipefail", "-c", script], { encoding: "utf8" });
    const executed = fs.existsSync(proof);
    fs.rmSync(dir, { recursive: true, force: true });
    return { ...ran, executed };
  };

  test("is read as data, never run: a value is taken as written, an apostrophe too (issue 35)", () => {
    const ran = load("DOMAIN=www.example.com\nEMAIL=o'brien@example.ie\nTLS=acme\n");
    expect(ran.stdout).toBe("www.example.com|o'brien@example.ie|acme");
  });

  test("a value an older or tampered file holds that is not allowed is refused, naming it, and nothing of it runs", () => {
    const ran = load("DOMAIN=www.example.com\nEMAIL=ops$(touch PROOF)@example.com\n$(touch PROOF)\nTLS=acme\n");
    expect(ran.executed).toBe(false);
    expect(ran.status).not.toBe(0);
    expect(ran.stderr).toMatch(/install\.conf: EMAIL .* is not allowed/);
  });

  test("every machine check is said, one line each, before any problem", () => {
    const ran = install(["--domain", "www.example.com", "--tls", "off"]);
    for (const line of ["==> Checking this machine", "port 80", "MB"]) expect(ran.stdout + ran.stderr).toContain(line);
  });
});

/** The server block deploy/configure writes, for TLS `tls` with or without a certificate. */
function serverBlock(tls: string, certificate: boolean): string {
  const script = `
    source "${DEPLOY}/lib/common.sh"; source "${DEPLOY}/lib/nginx-site.sh"
    DOMAIN=www.example.com TLS=${tls}
    certificate_files() { ${certificate ? "echo /etc/cert.pem /etc/key.pem" : "true"}; }
    render_site`;
  const ran = spawnSync("bash", ["-euo", "pipefail", "-c", script], { encoding: "utf8" });
  expect(ran.stderr).toBe("");
  return ran.stdout;
}

describe("the nginx server block", () => {
  test("with a certificate: HTTP redirects to HTTPS except the ACME challenge; HTTPS serves the site, the editor and the form over HTTP/2", () => {
    const block = serverBlock("acme", true);
    const [plain, secure] = block.split(/\n(?=server \{)/).slice(-2);
    expect(plain).toMatch(/listen 80;/);
    expect(plain).toContain("include snippets/site/acme-challenge.conf;");
    expect(plain).toContain("return 301 https://www.example.com$request_uri;");
    expect(plain).not.toContain("site.conf");
    expect(secure).toMatch(/listen 443 ssl;/);
    expect(secure).toContain("http2 on;");
    expect(secure).not.toMatch(/listen .*http2/);
    expect(secure).toContain("ssl_certificate /etc/cert.pem;");
    for (const snippet of ["site.conf", "editor.conf", "enquiry.conf", "precompressed.conf", "tls.conf"]) {
      expect(secure).toContain(`include snippets/site/${snippet};`);
    }
  });

  test("waiting for a certificate: the site and the challenge over HTTP, the editor refused", () => {
    const block = serverBlock("acme", false);
    expect(block).not.toContain("443");
    expect(block).not.toContain("return 301");
    expect(block).toContain("include snippets/site/acme-challenge.conf;");
    expect(block).toContain("include snippets/site/editor-needs-https.conf;");
    expect(block).not.toContain("include snippets/site/editor.conf;");
  });

  test("every server block logs visits shortened and nginx's errors (which hold full addresses) only when critical", () => {
    for (const [tls, certificate] of [
      ["acme", true],
      ["acme", false],
      ["off", false],
    ] as const) {
      const blocks = serverBlock(tls, certificate)
        .split(/\n(?=server \{)/)
        .filter((block) => block.startsWith("server {"));
      expect(blocks.length).toBeGreaterThan(0);
      for (const block of blocks) {
        expect(block).toMatch(/^  access_log \S+ anonymised;$/m);
        expect(block).toMatch(/^  error_log \S+ crit;$/m);
      }
    }
  });

  test("TLS off: plain HTTP on loopback, visitors' addresses from the proxy", () => {
    const block = serverBlock("off", false);
    expect(block).toMatch(/listen 127\.0\.0\.1:80;/);
    expect(block).not.toMatch(/listen (\[::\]:)?80;/);
    expect(block).toContain("include snippets/site/behind-proxy.conf;");
    expect(block).toContain("include snippets/site/editor.conf;");
  });
});

// sitectl (server/installed/layout.ts) and the installer (deploy/lib/common.sh) each name
// the installation's paths; these tests hold the two, and the units, to one layout.
describe("one layout for the installer, sitectl and the units", () => {
  const shell = (names: string[]) => {
    const script = `source "${DEPLOY}/lib/common.sh"; for name in ${names.join(" ")}; do declare -n value=$name; echo "$name=\${value[*]}"; done`;
    const ran = spawnSync("bash", ["-c", script], { encoding: "utf8" });
    expect(ran.stderr).toBe("");
    return Object.fromEntries(
      ran.stdout
        .trim()
        .split("\n")
        .map((line) => line.split(/=(.*)/s).slice(0, 2)),
    );
  };

  test("every path and name both give has the same value", () => {
    const same = {
      SITE_DIR: layout.SITE_DIR,
      CODE_DIR: layout.CODE_DIR,
      APP_LINK: layout.APP_LINK,
      HOST_DIR: layout.HOST_DIR,
      REPO_DIR: layout.REPO_DIR,
      ENQUIRY_DIR: layout.ENQUIRY_DIR,
      ETC_DIR: layout.ETC_DIR,
      SETTINGS_FILE: layout.SETTINGS_FILE,
      ENQUIRY_ENV: layout.ENQUIRY_ENV,
      WATCH_ENV: layout.WATCH_ENV,
      PUBLISHER_ENV: layout.PUBLISHER_ENV,
      MIRROR_ENV: layout.MIRROR_ENV,
      EDITOR_PROXY_ENV: layout.EDITOR_PROXY_ENV,
      ENQUIRY_STAFF_ENV: layout.ENQUIRY_STAFF_ENV,
      SELF_SIGNED_DIR: layout.SELF_SIGNED_DIR,
      LOG_DIR: layout.LOG_DIR,
      VISITS_DIR: layout.VISITS_DIR,
      REPORT_DIR: layout.REPORT_DIR,
      WATCH_DIR: layout.WATCH_DIR,
      SITE_GROUP: layout.SITE_GROUP,
      UNITS: layout.UNITS.join(" "),
      TIMERS: layout.TIMERS.join(" "),
    };
    const bash = shell(Object.keys(same));
    expect(bash).toEqual(same);
    expect(`${shell(["LOGIN_DIR"]).LOGIN_DIR}/editors`).toBe(layout.EDITORS_FILE);
  });

  test("each unit reads its settings from files sitectl knows", () => {
    const known = [
      layout.ENQUIRY_ENV,
      layout.PUBLISHER_ENV,
      layout.MIRROR_ENV,
      layout.EDITOR_PROXY_ENV,
      layout.ENQUIRY_STAFF_ENV,
      layout.WATCH_ENV,
    ];
    const units = fs.readdirSync(path.join(DEPLOY, "systemd"));
    const read = units.flatMap((unit) =>
      [...fs.readFileSync(path.join(DEPLOY, "systemd", unit), "utf8").matchAll(/^EnvironmentFile=-?(\S+)$/gm)].map(
        (match) => match[1],
      ),
    );
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((file) => !known.includes(file))).toEqual([]);
    // The units run from the code in use, and are the ones sitectl starts and stops.
    for (const unit of layout.UNITS) expect(units).toContain(`${unit}.service`);
    for (const timer of layout.TIMERS) expect(units).toContain(timer);
  });

  test("the login check alone reads the logins, on a socket only nginx may use (issue 52, finding 1)", () => {
    const unit = (name: string) => fs.readFileSync(path.join(DEPLOY, "systemd", name), "utf8");
    const socket = unit("anodising-login.socket");
    const listen = /^ListenStream=(\/\S+)$/m.exec(socket)?.[1];
    expect(listen).toBeDefined();
    expect(socket).toMatch(/^SocketGroup=www-data$/m);
    expect(socket).toMatch(/^SocketMode=0660$/m);
    // nginx asks that socket; nothing else of nginx's names the login check.
    const http = fs.readFileSync(path.join(DEPLOY, "nginx", "editor-http.conf"), "utf8");
    expect(http).toContain(`server unix:${listen};`);
    const service = unit("anodising-login.service");
    expect(service).toMatch(/^User=site-login$/m);
    expect(service).toMatch(/^PrivateNetwork=yes$/m);
    expect(service).toMatch(new RegExp(`^Environment=EDITORS_FILE=${layout.EDITORS_FILE}$`, "m"));
    // No other unit is told where the logins are.
    const others = fs
      .readdirSync(path.join(DEPLOY, "systemd"))
      .filter((name) => name !== "anodising-login.service" && unit(name).includes("EDITORS_FILE"));
    expect(others).toEqual([]);
  });

  test("every location nginx passes to a backend drops the password and names the login with a secret", () => {
    const conf = fs.readFileSync(path.join(DEPLOY, "nginx", "editor.conf"), "utf8");
    const blocks = conf.split(/^location /m).slice(1);
    const proxied = blocks.filter((block) => /proxy_pass http:\/\/site_(editor|enquiry)/.test(block));
    expect(proxied.length).toBeGreaterThanOrEqual(3);
    for (const block of proxied) {
      const name = block.split("\n")[0];
      expect([name, block.includes('proxy_set_header Authorization "";')]).toEqual([name, true]);
      expect([name, /proxy_set_header X-Staff-Login \$staff_login;/.test(block)]).toEqual([name, true]);
      expect([name, /proxy_set_header X-Staff-Secret \$\w+_secret;/.test(block)]).toEqual([name, true]);
    }
  });

  test("the watch checks as its own user, without rights; only its small root part runs as root (issue 52)", () => {
    const unit = (name: string) => fs.readFileSync(path.join(DEPLOY, "systemd", name), "utf8");
    const watch = unit("anodising-watch.service");
    expect(watch).toMatch(new RegExp(`^User=${layout.WATCH_USER}$`, "m"));
    expect(watch).toMatch(/^CapabilityBoundingSet=$/m);
    expect(watch).toMatch(/^ProtectSystem=strict$/m);
    expect(watch).toMatch(/^ExecStart=\/usr\/bin\/node --import tsx server\/watch\/main\.ts$/m);
    // Its root part runs first, every time the watch is started (the timer, OnFailure=, sitectl watch).
    expect(watch).toMatch(/^Wants=.*\banodising-watch-facts\.service\b/m);
    expect(watch).toMatch(/^After=.*\banodising-watch-facts\.service\b/m);
    const facts = unit("anodising-watch-facts.service");
    expect(facts).not.toMatch(/^User=/m);
    expect(facts).toMatch(/^ExecStart=\/usr\/bin\/node --import tsx server\/watch\/rootPart\.ts$/m);
    // deploy/configure installs both.
    expect(shell(["UNIT_FILES"]).UNIT_FILES.split(" ")).toEqual(
      expect.arrayContaining(["anodising-watch.service", "anodising-watch-facts.service"]),
    );
  });

  test("every service unit has a memory and a task limit (issue 52, finding 11)", () => {
    const services = fs.readdirSync(path.join(DEPLOY, "systemd")).filter((unit) => unit.endsWith(".service"));
    expect(services.length).toBeGreaterThan(0);
    for (const unit of services) {
      const text = fs.readFileSync(path.join(DEPLOY, "systemd", unit), "utf8");
      expect([unit, /^MemoryMax=\d+[MG]$/m.test(text), /^TasksMax=\d+$/m.test(text)]).toEqual([unit, true, true]);
    }
  });
});
