// Browsers say where a request comes from: a staff page's button (or the editor's save) is
// believed only from the site's own pages. A login travels with every request to the site
// (HTTP basic auth), so a page elsewhere could otherwise press the button for staff.

const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

/**
 * Why a request is from another site (its Sec-Fetch-Site or Origin), or null when it is
 * the site's own. `header` reads one of the request's headers; `local` (a developer's
 * machine) also takes this machine's own names.
 */
export function crossSite(header: (name: string) => string | undefined, local = false): string | null {
  const site = header("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return `Sec-Fetch-Site: ${site}`;
  const origin = header("origin");
  if (!origin) return null;
  if (local && LOOPBACK_ORIGIN.test(origin)) return null;
  const host = header("x-forwarded-host") ?? header("host");
  try {
    return new URL(origin).host === host ? null : `Origin: ${origin}`;
  } catch {
    return `Origin: ${origin}`;
  }
}
