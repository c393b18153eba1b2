// The staff's own pages beside the editor (/admin/enquiries/ from the enquiry service,
// /admin/history/ from the editor's backend): plain HTML made on the server, no script,
// readable on a phone. Everything that came from outside (a buyer's words, a file name, a
// commit's text) goes through `shown`, which escapes it and makes invisible characters
// visible, so nothing anyone typed is ever markup or disguised.

import { ago as agoWords } from "../../src/contract/staffWords";
import { escapeHtml } from "./html";

export { escapeHtml };

/**
 * Control characters (but line breaks and tabs) and the marks that reorder text (right to
 * left overrides, isolates) shown as their code, e.g. [U+202E]: a file name cannot pose as
 * another, nor a line hide what follows it.
 */
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

export const visible = (text: string) =>
  // Browsers send a textarea's line breaks as CR LF: a line break, not a hidden character.
  text
    .replace(/\r\n?/g, "\n")
    .replace(HIDDEN, (character) => `[U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}]`);

/** Outside text, safe and visible, as HTML. */
export const shown = (text: string) => escapeHtml(visible(text));

/** A time as staff read it: "25 Nov 2026, 10:42" in the server's time zone, with the zone's name. */
export function staffTime(iso: string | Date): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return "unknown time";
  return date.toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  });
}

/** "3 minutes ago", "2 days ago": the editor's panel's words (pure, no React). */
export const ago = (iso: string | Date, now = Date.now()) =>
  agoWords(typeof iso === "string" ? iso : iso.toISOString(), now);

const STYLE = `
  :root { color-scheme: light; font: 16px/1.5 system-ui, sans-serif; color: #1b1b1b; background: #fff; }
  body { margin: 0 auto; max-width: 72rem; padding: 0 1rem 3rem; }
  nav { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; padding: 0.75rem 0; border-bottom: 1px solid #c8c8c8; }
  a { color: #0b3a5b; }
  a:focus-visible, button:focus-visible { outline: 3px solid #0b3a5b; outline-offset: 2px; }
  h1 { font-size: 1.5rem; margin: 1.25rem 0 0.75rem; }
  h2 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; vertical-align: top; padding: 0.5rem; border-bottom: 1px solid #dcdcdc; overflow-wrap: break-word; }
  td:first-child { white-space: nowrap; }
  th { font-weight: 600; }
  dl { display: grid; grid-template-columns: minmax(8rem, max-content) 1fr; gap: 0.35rem 1rem; margin: 0; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: break-word; white-space: pre-wrap; unicode-bidi: isolate; }
  bdi, td { unicode-bidi: isolate; }
  .message { white-space: pre-wrap; overflow-wrap: break-word; border-left: 4px solid #c8c8c8; padding: 0.25rem 0.75rem; unicode-bidi: isolate; }
  .note { color: #4a4a4a; }
  .state-failed, .problem { color: #a4161a; font-weight: 600; }
  .state-pending { color: #7a4b00; font-weight: 600; }
  .done { color: #0b6e2e; font-weight: 600; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 1rem 0; align-items: center; }
  button { font: inherit; padding: 0.5rem 1rem; min-height: 44px; border-radius: 4px; border: 2px solid #0b3a5b; background: #0b3a5b; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #0b3a5b; }
  .notice { padding: 0.75rem 1rem; border: 2px solid #0b6e2e; border-radius: 4px; margin: 1rem 0; }
  .notice.problem { border-color: #a4161a; }
  figure { margin: 1rem 0; }
  .charts { display: flex; flex-wrap: wrap; gap: 0 2rem; }
  .charts figure { flex: 1 1 20rem; }
  table.wide { margin-bottom: 1.25rem; }
  .figures { margin: 1rem 0; font-size: 1.1rem; }
  svg { width: 100%; max-width: 36rem; height: auto; }
  caption { text-align: left; padding: 0.25rem 0; }
  ins { background: #d9f2df; text-decoration: none; }
  del { background: #f8dcdc; }
  @media (max-width: 40rem) {
    .wide thead { display: none; }
    .wide tr { display: block; border-bottom: 1px solid #c8c8c8; padding: 0.5rem 0; }
    .wide td { display: block; border: 0; padding: 0.1rem 0; }
    .wide td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
    dl { grid-template-columns: 1fr; }
    dd { margin-bottom: 0.5rem; }
    .figures { grid-template-columns: 1fr auto; }
    .figures dd { margin-bottom: 0; }
  }
`;

/** The staff's pages, linked from each other and from the editor. */
export const STAFF_LINKS = [
  { href: "/admin/", label: "Editor" },
  { href: "/admin/enquiries/", label: "Enquiries" },
  { href: "/admin/history/", label: "Changes" },
  { href: "/admin/report/", label: "Report" },
  { href: "/admin/help/", label: "Help" },
] as const;

/** A whole page: `body` is HTML the caller made from `shown` text. */
export function staffPage(title: string, body: string, current: string): string {
  const links = STAFF_LINKS.map(
    (link) => `<a href="${link.href}"${link.href === current ? ' aria-current="page"' : ""}>${link.label}</a>`,
  ).join("\n    ");
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex, nofollow">
  <title>${escapeHtml(title)}</title>
  <style>${STYLE}</style>
</head>
<body>
  <nav aria-label="Staff pages">
    ${links}
  </nav>
  <main>
${body}
  </main>
</body>
</html>
`;
}

/** A file's size as staff read it: "420 KB", "2.5 MB". */
export const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.ceil(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A Content-Disposition that downloads: an ASCII name for old programs, the real one as UTF-8. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
