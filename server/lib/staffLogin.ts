// The staff login as a backend learns it: the login check (server/login/) answers nginx,
// and nginx passes the login on with a secret of that backend's own (X-Staff-Secret; the
// editor's EDITOR_PROXY_SECRET, the enquiry service's ENQUIRY_STAFF_SECRET). No backend
// sees a password, and no process on the machine can pose as staff by calling it directly.
import crypto from "node:crypto";

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
