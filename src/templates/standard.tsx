import { graphql, type HeadFC, type PageProps } from "gatsby";
import React from "react";
import { PageHead } from "../components/PageHead";
import { oneBySlug, standardQuotePath, type PageLanguage } from "../language/paths";
import { PageShell } from "../pageBodies/PageShell";
import { StandardContent } from "../pageBodies/StandardContent";

/** One standard's page (gatsby-node makes one per content/standards/*.yaml). */
export default function StandardPage({
  data,
  location,
  pageContext,
}: PageProps<Queries.StandardPageQuery, PageLanguage>) {
  const { standardYaml: page, siteYaml: site, clientsYaml: clients, enquiryYaml: enquiry, built } = data;
  if (!page || !site || !clients || !enquiry || !built?.day)
    throw new Error("This page's content could not be loaded.");
  const titles = new Map(
    oneBySlug(data.allServiceYaml.nodes, pageContext.language).map((service) => [service.slug, service.hero.title]),
  );
  const services = page.services.map((slug) => ({ slug, title: titles.get(slug) ?? slug }));
  return (
    <PageShell data={data} page={pageContext} pathname={location.pathname}>
      <StandardContent
        page={page}
        site={site}
        clients={clients}
        enquiry={enquiry}
        estimate={data.estimateYaml}
        services={services}
        quotePath={standardQuotePath(enquiry.slug, page.slug)}
        today={built.day}
      />
    </PageShell>
  );
}

export const Head: HeadFC<Queries.StandardPageQuery, PageLanguage> = ({ data, location, pageContext }) => {
  const page = data.standardYaml;
  if (!page) throw new Error("This page's content could not be loaded.");
  return (
    <PageHead
      data={data}
      page={pageContext}
      title={page.title}
      description={page.description}
      pathname={location.pathname}
    />
  );
};

export const query = graphql`
  query StandardPage($language: String!, $slug: String!) {
    standardYaml(slug: { eq: $slug }, language: { eq: $language }) {
      slug
      title
      description
      designation
      aliases {
        label
        names
      }
      summary
      services
      servicesTitle
      offered {
        title
        items {
          designation
          text
        }
      }
      notOffered {
        title
        items {
          designation
          text
        }
      }
      sections {
        ...PageSections
      }
      drawing {
        title
        intro
        items
      }
      quote {
        title
        text
        label
      }
    }
    allServiceYaml(sort: { slug: ASC }) {
      nodes {
        slug
        language
        hero {
          title
        }
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
    }
  }
`;
