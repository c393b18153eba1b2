import { footerProps } from "../helpers/site";
import {
  jsonLd,
  organization,
  organizationId,
  servicePage,
  type SiteFacts,
} from "../../src/components/Seo/structuredData";

// The same company the Footer tests use: two plants, three contacts.
const site: SiteFacts = {
  url: "https://www.acme.test",
  company: { name: footerProps.companyName, description: "Anodising near Pune." },
  logoUrl: "https://www.acme.test/logo.png",
  email: footerProps.email,
  gstin: footerProps.gstin,
  units: footerProps.units,
  contacts: footerProps.contacts,
};

describe("structured data", () => {
  it("describes the company as an Organization with both plants' addresses, phones and e-mail", () => {
    const [org, ...plants] = organization(site);
    expect(org).toMatchObject({
      "@type": "Organization",
      "@id": organizationId(site),
      name: "Acme Anodisers",
      email: "sales@acme.test",
      taxID: "27AAPFU0939F1ZV",
    });
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
  });

  it("describes a service page as a Service of the company, with a breadcrumb", () => {
    const [service, breadcrumb] = servicePage(site, {
      title: "Hard Anodising",
      description: "Up to 600HV.",
      pathname: "/hard_anodizing",
    });
    expect(service).toMatchObject({
      "@type": "Service",
      name: "Hard Anodising",
      url: "https://www.acme.test/hard_anodizing",
      provider: { "@id": organizationId(site) },
    });
    expect(breadcrumb["@type"]).toBe("BreadcrumbList");
    expect((breadcrumb.itemListElement as { item: string }[]).map((i) => i.item)).toEqual([
      "https://www.acme.test/",
      "https://www.acme.test/hard_anodizing",
    ]);
  });

  it("writes JSON that cannot close its <script> element", () => {
    const text = jsonLd([{ "@type": "Thing", name: "</script><script>alert(1)</script>" }]);
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text)["@graph"][0].name).toBe("</script><script>alert(1)</script>");
  });
});
