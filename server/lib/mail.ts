// An e-mail the server sends on its own (the watch's alerts and digest, the owner's weekly
// report): its shape, and the words that go into it made safe and plain.

export interface Message {
  subject: string;
  text: string;
  /** Another reader than the operator (the owner's digest); "" for nobody. */
  to?: string;
  /** The same message as HTML beside the text (the owner's digest's table). */
  html?: string;
  /** Pictures the HTML shows (src="cid:…"), as base64 PNG: mail programs drop inline SVG. */
  images?: { cid: string; png: string; alt: string }[];
}

/** "2026-11-25 14:05 UTC": the server's clock, said so. */
export const when = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Control characters (a check may quote what a mail server or a file said) made visible. */
export const plain = (text: string) => text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "?");

/** An address as an SMTP account may send as: the operator's patterns' (OPERATOR_EMAIL). */
const ADDRESS =
  /^[A-Za-z0-9][A-Za-z0-9.!#%&'*+/=?^_{|}~-]{0,63}@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** The mail server's login name when it is an address (smtp://sales%40example.com:pw@…): most accounts send as it. */
function loginAddress(smtpUrl: string): string {
  try {
    const login = decodeURIComponent(new URL(smtpUrl).username);
    return ADDRESS.test(login) ? login : "";
  } catch {
    return "";
  }
}

/**
 * The sender of every mail the server sends (enquiries, alerts, digests, the owner's
 * report): the operator's ENQUIRY_FROM (deploy/install sets it); else the mail server's
 * login when it is an address; else `site@DOMAIN`. Never content's e-mail: a stolen staff
 * login could set one the mail server refuses, and silence every alert with it (content's
 * address is the enquiry's Reply-To and the display name only).
 */
export function mailSender(env: { ENQUIRY_FROM?: string; SMTP_URL?: string }, domain: string): string {
  const chosen = (env.ENQUIRY_FROM ?? "").trim();
  if (ADDRESS.test(chosen)) return chosen;
  return loginAddress(env.SMTP_URL ?? "") || `site@${domain.replace(/^www\./, "")}`;
}
