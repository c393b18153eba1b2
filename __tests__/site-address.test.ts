// The published address is the operator's setting (SITE_URL), never content (issue 52,
// finding 8): what the build takes, and what it refuses with a message naming SITE_URL.
import { SITE_URL_PATTERN, UNPUBLISHED_SITE_URL, publishedAddress } from "../src/schema/siteAddress";
import { readSiteSettings } from "../src/schema/siteSettings";
import { FIXTURE_PROJECT } from "./helpers/contentCopy";

describe("publishedAddress", () => {
  it("is SITE_URL without its trailing slash; a build without one is unpublished", () => {
    expect(publishedAddress({ SITE_URL: "https://www.acme.test/" })).toBe("https://www.acme.test");
    expect(publishedAddress({ SITE_URL: "http://site.test:8080" })).toBe("http://site.test:8080");
    expect(publishedAddress({})).toBe(UNPUBLISHED_SITE_URL);
    expect(publishedAddress({ SITE_URL: "" })).toBe(UNPUBLISHED_SITE_URL);
  });

  it.each([
    "www.acme.test",
    "https://www.acme.test/shop",
    "javascript:alert(1)",
    "https://a b.test",
    "ftp://acme.test",
  ])("refuses %j, naming SITE_URL and who sets it", (given) => {
    expect(() => publishedAddress({ SITE_URL: given })).toThrow(/SITE_URL .* sitectl site-url/);
    expect(SITE_URL_PATTERN.test(given)).toBe(false);
  });
});

describe("readSiteSettings (what gatsby-config reads)", () => {
  it("takes the address from SITE_URL, the rest from content", () => {
    const settings = readSiteSettings(FIXTURE_PROJECT, { SITE_URL: "https://www.published.test" });
    expect(settings.url).toBe("https://www.published.test");
    expect(settings.name.length).toBeGreaterThan(0);
  });
});
