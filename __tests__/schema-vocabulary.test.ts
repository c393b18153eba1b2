import { vocabularyProblems } from "../scripts/lib/schemaVocabulary";

// The structured-data check's judge (scripts/check-structured-data.ts): it must pass what
// schema.org defines and name what it does not.
const organization = {
  "@context": "https://schema.org",
  "@graph": [
    { "@type": "Organization", "@id": "https://a.test/#o", name: "A", vatID: "27AAPFU0939F1ZV" },
    {
      "@type": "LocalBusiness",
      "@id": "https://a.test/#p",
      parentOrganization: { "@id": "https://a.test/#o" },
      geo: { "@type": "GeoCoordinates", latitude: 18.7, longitude: 73.8 },
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["https://schema.org/Monday"],
          opens: "09:00",
          closes: "18:00",
        },
      ],
    },
  ],
};

const withNode = (node: Record<string, unknown>) => ({ ...organization, "@graph": [...organization["@graph"], node] });

describe("the schema.org vocabulary check", () => {
  jest.setTimeout(120_000);

  it("passes documents the vocabulary defines, and names each page's problems", () => {
    const problems = vocabularyProblems(
      new Map([
        ["/good", [organization]],
        ["/typo", [withNode({ "@type": "Organization", vatId: "x" })]],
        ["/unknown-type", [withNode({ "@type": "Plant", name: "x" })]],
        ["/wrong-kind", [withNode({ "@type": "LocalBusiness", geo: 18.7 })]],
        ["/wrong-day", [withNode({ "@type": "OpeningHoursSpecification", dayOfWeek: "Moonday" })]],
      ]),
    );
    expect(problems.get("/good")).toEqual([]);
    expect(problems.get("/typo")!.join()).toMatch(/vatId/);
    for (const route of ["/unknown-type", "/wrong-kind", "/wrong-day"]) expect(problems.get(route)).not.toEqual([]);
  });
});
