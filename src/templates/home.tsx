import { graphql, type HeadFC, type PageProps } from "gatsby";
import React from "react";
import { PageHead } from "../components/PageHead";
import { HomeContent } from "../pageBodies/HomeContent";
import type { PageLanguage } from "../language/paths";
import { PageShell } from "../pageBodies/PageShell";

/** The home page: its hero, then its sections in the order content/home.yaml lists them. */
export default function HomePage({ data, location, pageContext }: PageProps<Queries.HomePageQuery, PageLanguage>) {
  const { homeYaml: home, siteYaml: site, clientsYaml: clients, enquiryYaml: enquiry, built } = data;
  if (!home || !site || !clients || !enquiry || !built?.day)
    throw new Error("The home page's content could not be loaded.");
  return (
    <PageShell data={data} page={pageContext} pathname={location.pathname}>
      <HomeContent
        home={home}
        site={site}
        clients={clients}
        enquiry={enquiry}
        estimate={data.estimateYaml}
        today={built.day}
      />
    </PageShell>
  );
}

export const Head: HeadFC<Queries.HomePageQuery, PageLanguage & { structuredData?: string | null }> = ({
  data,
  location,
  pageContext,
}) => {
  const page = data.homeYaml;
  if (!page) throw new Error("The home page's content could not be loaded.");
  return (
    <PageHead
      data={data}
      page={pageContext}
      title={page.title}
      description={page.description}
      pathname={location.pathname}
      image={page.hero.slides[0]?.image}
      imageAlt={page.hero.slides[0]?.imageAlt}
    />
  );
};

export const query = graphql`
  query HomePage($language: String!) {
    homeYaml(language: { eq: $language }) {
      title
      description
      hero {
        slides {
          title
          text
          image {
            ...HeroImage
          }
          imageAlt
        }
        interval
        facts
      }
      sections {
        ...PageSections
      }
    }
    ...PageHeadData
    ...PageShellData
    ...BuildDay
    siteYaml(language: { eq: $language }) {
      ...CarouselLabels
      company {
        name
      }
    }
    clientsYaml(language: { eq: $language }) {
      ...ClientsContent
    }
    estimateYaml(language: { eq: $language }) {
      ...EstimateLink
    }
    enquiryYaml(language: { eq: $language }) {
      ...QuoteActions
    }
  }
`;
