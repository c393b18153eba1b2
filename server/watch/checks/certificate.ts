// The certificate nginx serves for the site's name: for that name, and told at 21 days
// before expiry and again at 7 (Let's Encrypt no longer e-mails about expiry).
import crypto from "node:crypto";
import path from "node:path";
import tls from "node:tls";
import { failing, type Check } from "./check";
import { DEPLOY_AGAIN, TIMEOUT_MS, note, ok } from "./finding";

/**
 * certbot renews 30 days before expiry: fewer than 21 days left means renewal is failing
 * (told once), fewer than 7 is urgent (told again). A self-signed one warns at 7 only.
 */
const CERTIFICATE_WARN_DAYS = [7, 21];

/** The certificate nginx serves for `name` (asked of this machine as a browser would), or why not. */
export function servedCertificate(name: string, port = 443): Promise<crypto.X509Certificate | Error> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: "127.0.0.1", port, servername: name, rejectUnauthorized: false });
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error("no answer in 10 s")));
    socket.once("secureConnect", () => {
      const cert = socket.getPeerX509Certificate();
      socket.end();
      resolve(cert ?? new Error("no certificate"));
    });
    socket.once("error", (error) => resolve(error));
  });
}

export const certificate: Check = {
  id: "certificate",
  blips: 0,
  notice: "browsers refuse the site",
  fix: "certbot renew (sitectl logs certbot shows why the timer's renewals failed); then systemctl reload nginx",
  run: async ({ settings, facts, machine, now }) => {
    if (settings.tls === "off")
      return [note("TLS is off: the TLS proxy in front of this machine serves the certificate")];
    const file = facts.certificate;
    const name = settings.domain;
    if (!file) {
      return [
        failing(`there is no certificate for ${name} yet: the site is served over plain HTTP and the editor is off.`, {
          id: "certificate:none",
          fix: `point ${name}'s DNS at this server and let port 80 in, then: ${DEPLOY_AGAIN}`,
          notice: "browsers mark the site not secure; staff cannot use the editor",
        }),
      ];
    }
    // What visitors get, not only the file: nginx may still serve an older one.
    const served = await servedCertificate(name, machine.ports.https);
    if (served instanceof Error)
      return [note(`the certificate served for ${name} could not be read: ${served.message}`)];
    const days = Math.floor((Date.parse(served.validTo) - now) / 86_400_000);
    const issuer = /CN=([^\n]+)/.exec(served.issuer)?.[1] ?? served.issuer;
    // A self-signed one is made again by the installer.
    const fix = settings.tls === "acme" ? undefined : `rm ${path.dirname(file)}/*.pem && ${DEPLOY_AGAIN}`;
    const expires = new Date(served.validTo).toISOString().slice(0, 10);
    if (!served.checkHost(name))
      return [
        failing(`the certificate served for ${name} is for another name.`, { id: `certificate:${name}:name`, fix }),
      ];
    if (days < 0)
      return [
        failing(`the certificate for ${name} expired ${-days} days ago.`, {
          id: `certificate:${name}:expired`,
          fix,
          notice: "browsers refuse the site; staff cannot use the editor",
        }),
      ];
    // Let's Encrypt no longer e-mails before expiry: this warns at 21 days, and again at 7.
    const band = CERTIFICATE_WARN_DAYS.find((limit) => days < limit);
    if (band !== undefined && (settings.tls === "acme" || band === Math.min(...CERTIFICATE_WARN_DAYS))) {
      return [
        failing(`the certificate for ${name} expires in ${days} days (${expires}) and has not been renewed.`, {
          id: `certificate:${name}`,
          fix,
          notice: `nothing yet; from ${expires} browsers refuse the site`,
          // Told at 21 days, and again at 7.
          stage: CERTIFICATE_WARN_DAYS.length - CERTIFICATE_WARN_DAYS.indexOf(band),
        }),
      ];
    }
    const findings = [ok(`certificate for ${name} from ${issuer}, valid ${days} more days`)];
    if (settings.tls === "self-signed")
      findings.push(note("the certificate is self-signed: browsers warn (fine for a test install)"));
    return findings;
  },
};
