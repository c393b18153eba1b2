// The staff login as a backend learns it: the login check (server/login/) answers nginx,
// and nginx passes the login on with a secret of that backend's own (X-Staff-Secret; the
// editor's EDITOR_PROXY_SECRET, the enquiry service's ENQUIRY_STAFF_SECRET). No backend
// sees a password, and no process on the machine can pose as staff by calling it directly.
import crypto from "node:crypto";
import { crossSite } from "./crossSite";
import { Refusal } from "./refusal";

/** A login's name: lower-case letters, digits, . _ - (2 to 32), starting with a letter. */
export const LOGIN_NAME = /^[a-z][a-z0-9._-]{1,31}$/;
export const LOGIN_HEADER = "x-staff-login";
export const SECRET_HEADER = "x-staff-secret";

/**
 * The login nginx checked, from a request's headers (`header` reads one by its lower-case
 * name); null when the secret is not `secret` or the login is not a login's name.
 */
export function staffLoginFrom(header: (name: string) => string | undefined, secret: string): string | null {
  const given = Buffer.from(header(SECRET_HEADER) ?? "");
  const expected = Buffer.from(secret);
  const login = header(LOGIN_HEADER) ?? "";
  const fromNginx = expected.length > 0 && given.length === expected.length && crypto.timingSafeEqual(given, expected);
  return fromNginx && LOGIN_NAME.test(login) ? login : null;
}

/** Reads one of a request's headers by its lower-case name, whatever the HTTP stack. */
export type Headers = (name: string) => string | undefined;

/** The one check every staff route makes, in the editor and the enquiry service alike. */
export interface StaffGate {
  /** The login nginx checked; a Refusal (401) without one. */
  login(headers: Headers): string;
  /** The same for a change (a save, a button): also only from the staff's own pages (403). */
  change(headers: Headers): string;
}

/**
 * The gate for a backend with nginx's `secret`. Without one (a developer's machine, where
 * no login is asked) every request is `localLogin`'s, and this machine's own names count
 * as the site's own pages; without either, every request is refused.
 */
export function staffGate(secret: string, localLogin?: string): StaffGate {
  const local = !secret && localLogin !== undefined;
  const login = (headers: Headers) => {
    const found = local ? localLogin : staffLoginFrom(headers, secret);
    if (!found) throw new Refusal(401, "staff login required (through the site's /admin/)");
    return found;
  };
  return {
    login,
    change(headers) {
      const found = login(headers);
      const refused = crossSite(headers, local);
      if (refused) throw new Refusal(403, `cross-site request refused (${refused})`);
      return found;
    },
  };
}
