import {
  jsonLd,
  organization,
  organizationId,
  servicePage,
  type SiteFacts,
} from "../../src/components/Seo/structuredData";

const site: SiteFacts = {
  url: "https://www.acme.test",
  company: { name: "Acme Anodisers", description: "Anodising near Pune." },
  logoUrl: "https://www.acme.test/logo.png",
  email: "sales@acme.test",
  gstin: "27AAPFU0939F1ZV",
  units: [
    { name: "Unit I", address: "Plot 1,\nChakan, Pune" },
    { name: "Unit II", address: "Plot 2,\nBhosari, Pune" },
  ],
  contacts: [
    { name: "Asha Rao", role: "Director", phone: "+91 98765 43210" },
    { name: "Vikram Shah", phone: "+91 (20) 2345-6789" },
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
      taxID: "27AAPFU0939F1ZV",
    });
    expect(org.address).toEqual([
      { "@type": "PostalAddress", streetAddress: "Plot 1, Chakan, Pune", addressCountry: "IN" },
      { "@type": "PostalAddress", streetAddress: "Plot 2, Bhosari, Pune", addressCountry: "IN" },
    ]);
    expect((org.contactPoint as { telephone: string }[]).map((c) => c.telephone)).toEqual([
      "+919876543210",
      "+912023456789",
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
