import { graphql, type HeadFC, type PageProps } from "gatsby";
import React from "react";
import { PageHead } from "../components/PageHead";
import type { PageLanguage } from "../language/paths";
import { PageShell } from "../pageBodies/PageShell";
import { ServiceContent } from "../pageBodies/ServiceContent";

/** One service page (gatsby-node makes one per content/services/*.yaml). */
export default function ServicePage({
  data,
  location,
  pageContext,
}: PageProps<Queries.ServicePageQuery, PageLanguage>) {
  const { serviceYaml: page, siteYaml: site, clientsYaml: clients, enquiryYaml: enquiry, built } = data;
  if (!page || !site || !clients || !enquiry || !built?.day)
    throw new Error("This page's content could not be loaded.");
  return (
    <PageShell data={data} page={pageContext} pathname={location.pathname}>
      <ServiceContent
        page={page}
        site={site}
        clients={clients}
        enquiry={enquiry}
        estimate={data.estimateYaml}
        today={built.day}
      />
    </PageShell>
  );
}

export const Head: HeadFC<Queries.ServicePageQuery, PageLanguage & { structuredData?: string | null }> = ({
  data,
  location,
  pageContext,
}) => {
  const page = data.serviceYaml;
  if (!page) throw new Error("This page's content could not be loaded.");
  return (
    <PageHead
      data={data}
      page={pageContext}
      title={page.title}
      description={page.description}
      pathname={location.pathname}
      image={page.hero.image}
      imageAlt={page.hero.imageAlt}
    />
  );
};

export const query = graphql`
  query ServicePage($language: String!, $slug: String!) {
    serviceYaml(slug: { eq: $slug }, language: { eq: $language }) {
      slug
      title
      description
      hero {
        title
        text
        facts
        image {
          ...HeroImage
        }
        imageAlt
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
    }
    clientsYaml(language: { eq: $language }) {
      ...ClientsContent
    }
    estimateYaml(language: { eq: $language }) {
      ...EstimateLink
    }
    enquiryYaml(language: { eq: $language }) {
      ...QuoteActions
      callToAction {
        title
        text
      }
    }
  }
`;
