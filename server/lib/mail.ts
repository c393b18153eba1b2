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
