/**
 * @jest-environment node
 */
// The certificate check (server/watch/checks/certificate.ts) against a real TLS server on
// this machine serving a certificate made for the test; the clock moves instead of the
// certificate's dates.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { certificate } from "../../../server/watch/checks/certificate";
import { DOMAIN, levels, place, theProblem, type Place } from "./place";

const DAY = 86_400_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "certificate-"));

/** A self-signed certificate for `name`, valid 30 days from now: its PEM files. */
function makeCertificate(name: string): { cert: string; key: string } {
  const [key, cert] = [path.join(dir, `${name}.key`), path.join(dir, `${name}.pem`)];
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", key, "-out", cert, "-days", "30", "-subj", `/CN=${name}`, "-addext", `subjectAltName=DNS:${name}`],
    ],
    { stdio: "ignore" },
  );
  return { cert: fs.readFileSync(cert, "utf8"), key: fs.readFileSync(key, "utf8") };
}

const ours = makeCertificate(DOMAIN);
const another = makeCertificate("another.test");
let served = ours;
const server = tls.createServer(
  { SNICallback: (_name, done) => done(null, tls.createSecureContext(served)) },
  (socket) => socket.end(),
);
beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A server with ACME's certificate file in place and nginx (the TLS server) serving `certificate`. */
function withCertificate(certificate = ours, tlsMode: "acme" | "self-signed" = "acme"): Place {
  const here = place();
  here.settings.tls = tlsMode;
  here.machine.ports = { http: 1, https: (server.address() as AddressInfo).port };
  here.now = Date.now();
  served = certificate;
  const file =
    tlsMode === "acme"
      ? path.join(here.paths.LETSENCRYPT_DIR, "live", DOMAIN, "fullchain.pem")
      : path.join(here.paths.SELF_SIGNED_DIR, "cert.pem");
  here.write(file, certificate.cert);
  return here;
}

test("a note when TLS is another machine's", async () => {
  const here = place();
  expect(levels(await here.find(certificate))).toEqual(["note"]);
});

test("ok: the certificate served is for the site and far from expiry", async () => {
  const here = withCertificate();
  const [found] = await here.find(certificate);
  expect(found).toMatchObject({
    level: "ok",
    text: expect.stringMatching(new RegExp(`^certificate for ${DOMAIN} from ${DOMAIN}, valid (29|30) more days$`)),
  });
});

test("problem: no certificate yet", async () => {
  const here = place();
  here.settings.tls = "acme";
  expect(theProblem(await here.find(certificate))).toMatchObject({
    id: "certificate:none",
    fix: expect.stringContaining(`point ${DOMAIN}'s DNS at this server`),
  });
});

test("problem: the certificate served is another name's", async () => {
  const here = withCertificate(another);
  expect(theProblem(await here.find(certificate))).toMatchObject({
    id: `certificate:${DOMAIN}:name`,
    notice: "browsers refuse the site",
  });
});

test("problem: told at 21 days and again at 7, as stages of one problem", async () => {
  const here = withCertificate();
  here.now += 10 * DAY;
  expect(theProblem(await here.find(certificate))).toMatchObject({ id: `certificate:${DOMAIN}`, stage: 1 });
  here.now += 15 * DAY;
  expect(theProblem(await here.find(certificate))).toMatchObject({
    id: `certificate:${DOMAIN}`,
    stage: 2,
    fix: expect.stringContaining("certbot renew"),
  });
});

test("a self-signed certificate warns at 7 days only, and its fix makes a new one", async () => {
  const here = withCertificate(ours, "self-signed");
  here.now += 10 * DAY;
  expect(levels(await here.find(certificate))).toEqual(["ok", "note"]);
  here.now += 15 * DAY;
  expect(theProblem(await here.find(certificate)).fix).toMatch(/^rm .*\/tls\/\*\.pem && /);
});

test("problem: expired", async () => {
  const here = withCertificate();
  here.now += 40 * DAY;
  expect(theProblem(await here.find(certificate))).toMatchObject({
    id: `certificate:${DOMAIN}:expired`,
    text: expect.stringMatching(/expired 1\d days ago/),
  });
});
