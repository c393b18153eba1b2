// The published address (canonical links, the sitemap, robots.txt, structured data, the
// printed pages, the quote form's origin): the server operator's setting, never content.
// The publisher gives each build SITE_URL (deploy/install --site-url, `sitectl site-url`,
// or the CDN mirror's public address); a build without it (a developer's, the tests') is
// not the published site and uses a placeholder.

/** An address the operator may set: http(s), a host name and an optional port; no path. */
export const SITE_URL_PATTERN = /^https?:\/\/[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(:[0-9]{1,5})?$/;
/** The address of a build without SITE_URL. */
export const UNPUBLISHED_SITE_URL = "https://www.example.com";

/** SITE_URL without a trailing slash, or the placeholder; throws naming SITE_URL when it is no address. */
export function publishedAddress(env: NodeJS.ProcessEnv = process.env): string {
  const given = (env.SITE_URL ?? "").replace(/\/+$/, "");
  if (!given) return UNPUBLISHED_SITE_URL;
  if (!SITE_URL_PATTERN.test(given)) {
    throw new Error(
      `SITE_URL ${JSON.stringify(env.SITE_URL)} is not a site's address (https://www.example.com, no path): the server's operator sets it with sitectl site-url`,
    );
  }
  return given;
}
