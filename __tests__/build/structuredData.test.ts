import { contentLanguagesOf, languagePages } from "../../src/build/languagePages";
import { loadContent } from "../../src/schema/load";
import { FIXTURE_PROJECT } from "../helpers/contentCopy";
import { footerProps } from "../helpers/site";
import {
  jsonLd,
  organization,
  organizationId,
  pageStructuredData,
  plantId,
  servicePage,
  type SiteFacts,
} from "../../src/build/structuredData";

// The same company the Footer tests use: two plants, three contacts.
const site: SiteFacts = {
  url: "https://www.acme.test",
  company: { name: footerProps.companyName, description: "Anodising near Pune." },
  logoUrl: "https://www.acme.test/logo.png",
  email: footerProps.email,
  gstin: footerProps.gstin,
  units: footerProps.units.map(({ name, address }) => ({ name, address })),
  contacts: footerProps.contacts,
};

// Plant I with every part search engines take; plant II with its printed address only.
const placed: SiteFacts = {
  ...site,
  company: { ...site.company, legalName: "Acme Anodisers Private Limited", areaServed: ["India", "Germany"] },
  units: [
    {
      name: "Unit I",
      address: "Plot 1, Phase 2,\nMIDC Area,\nChakan, Pune 410501",
      locality: "Chakan",
      postalCode: "410501",
      region: "Maharashtra",
      country: "IN",
      latitude: 18.76,
      longitude: 73.86,
      hours: [
        { days: ["Monday", "Friday"], opens: "09:00", closes: "18:00" },
        { days: ["Saturday"], opens: "09:00", closes: "13:00" },
      ],
    },
    { name: "Unit II", address: "Plot 2,\nBhosari, Pune" },
  ],
};

describe("structured data", () => {
  it("describes the company as an Organization with both plants' addresses, phones and e-mail", () => {
    const [org, ...plants] = organization(site);
    expect(org).toMatchObject({
      "@type": "Organization",
      "@id": organizationId(site),
      name: "Acme Anodisers",
      email: "sales@acme.test",
      vatID: "27AAPFU0939F1ZV",
      taxID: "AAPFU0939F",
    });
    expect(org).not.toHaveProperty("legalName");
    expect(org.address).toEqual([
      { "@type": "PostalAddress", streetAddress: "Plot 1, Chakan, Pune", addressCountry: "IN" },
      { "@type": "PostalAddress", streetAddress: "Plot 2, Bhosari, Pune", addressCountry: "IN" },
    ]);
    expect((org.contactPoint as { telephone: string }[]).map((c) => c.telephone)).toEqual([
      "+919876543210",
      "+912023456789",
      "+919000011111",
    ]);
    expect(plants.map((p) => [p["@type"], p.name])).toEqual([
      ["LocalBusiness", "Acme Anodisers, Unit I"],
      ["LocalBusiness", "Acme Anodisers, Unit II"],
    ]);
    plants.forEach((plant) => expect(plant.parentOrganization).toEqual({ "@id": organizationId(site) }));
    // Without a list of its own, the company serves the countries its plants are in.
    expect(org.areaServed).toEqual(["IN"]);
  });

  it("gives each plant its own @id, structured address, map position and hours", () => {
    const [org, first, second] = organization(placed, ["en", "de"]);
    expect(org).toMatchObject({ legalName: "Acme Anodisers Private Limited", areaServed: ["India", "Germany"] });
    expect(org.location).toEqual([
      { "@id": plantId(placed, { name: "Unit I" }) },
      { "@id": plantId(placed, { name: "Unit II" }) },
    ]);
    expect(plantId(placed, { name: "Unit I" })).toBe("https://www.acme.test/#plant-unit-i");
    expect(first.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Plot 1, Phase 2, MIDC Area",
      addressLocality: "Chakan",
      postalCode: "410501",
      addressRegion: "Maharashtra",
      addressCountry: "IN",
    });
    expect(first.geo).toEqual({ "@type": "GeoCoordinates", latitude: 18.76, longitude: 73.86 });
    expect(first.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["https://schema.org/Monday", "https://schema.org/Friday"],
        opens: "09:00",
        closes: "18:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["https://schema.org/Saturday"],
        opens: "09:00",
        closes: "13:00",
      },
    ]);
    // A plant without its parts is still named, with the address as printed, and no guesses.
    expect(second).not.toHaveProperty("geo");
    expect(second).not.toHaveProperty("openingHoursSpecification");
    expect((org.contactPoint as { availableLanguage: string[] }[])[0].availableLanguage).toEqual(["English", "German"]);
  });

  it("describes a service page as a Service of the company, of its kind, with a breadcrumb", () => {
    const [service, breadcrumb] = servicePage(placed, {
      title: "Hard anodising of aluminium",
      serviceType: "Hard Anodising",
      description: "Up to 600HV.",
      pathname: "/hard_anodizing",
    });
    expect(service).toMatchObject({
      "@type": "Service",
      name: "Hard anodising of aluminium",
      serviceType: "Hard Anodising",
      url: "https://www.acme.test/hard_anodizing",
      provider: { "@id": organizationId(site) },
      areaServed: ["India", "Germany"],
    });
    expect(breadcrumb["@type"]).toBe("BreadcrumbList");
    expect((breadcrumb.itemListElement as { item: string; name: string }[]).map((i) => [i.name, i.item])).toEqual([
      ["Acme Anodisers", "https://www.acme.test/"],
      ["Hard Anodising", "https://www.acme.test/hard_anodizing"],
    ]);
  });

  it("writes each home and service page's JSON-LD from the content, in the page's language", () => {
    const files = loadContent(FIXTURE_PROJECT).files;
    const plan = languagePages(contentLanguagesOf(files));
    const graphOf = (path: string) =>
      JSON.parse(pageStructuredData(files, plan.find((page) => page.path === path)!, "https://a.test", null)!)[
        "@graph"
      ];
    const german = graphOf("/de/alpha");
    expect(german.map((node: { "@type": string }) => node["@type"])).toEqual([
      "Organization",
      "LocalBusiness",
      "WebPage",
      "Service",
      "BreadcrumbList",
    ]);
    expect(german[2]).toMatchObject({
      inLanguage: "de",
      url: "https://a.test/de/alpha",
      name: "DE Alpha page | Acme Finishing",
    });
    expect(german[3]).toMatchObject({ name: "DE Alpha page", serviceType: "DE Alpha hero" });
    expect(german[0].contactPoint[0].availableLanguage).toEqual(["English", "German"]);
    expect(graphOf("/")[2]).toMatchObject({ "@type": "WebPage", inLanguage: "en" });
    // Other pages have none.
    expect(
      pageStructuredData(files, plan.find((page) => page.template === "enquiry")!, "https://a.test", null),
    ).toBeNull();
  });

  it("writes JSON that cannot close its <script> element", () => {
    const text = jsonLd([{ "@type": "Thing", name: "</script><script>alert(1)</script>" }]);
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text)["@graph"][0].name).toBe("</script><script>alert(1)</script>");
  });
});
