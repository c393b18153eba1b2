/**
 * @jest-environment node
 */
// deploy/install's checks and the nginx server block it writes, on this machine. The
// whole installation is tested on a booted Debian 13 by `npm run test:install`.
import { spawnSync } from "node:child_process";
import path from "node:path";

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
    expect(ran.stderr).toContain("SMTP_URL must start with smtp:// or smtps://");
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

  test("TLS off: plain HTTP on loopback, visitors' addresses from the proxy", () => {
    const block = serverBlock("off", false);
    expect(block).toMatch(/listen 127\.0\.0\.1:80;/);
    expect(block).not.toMatch(/listen (\[::\]:)?80;/);
    expect(block).toContain("include snippets/site/behind-proxy.conf;");
    expect(block).toContain("include snippets/site/editor.conf;");
  });
});
