import { graphql, type HeadFC, type PageProps } from "gatsby";
import React from "react";
import { PageHead } from "../components/PageHead";
import { PageShell } from "../pageBodies/PageShell";
import { ServiceContent } from "../pageBodies/ServiceContent";

/** One service page (gatsby-node makes one per content/services/*.yaml). */
export default function ServicePage({ data, location }: PageProps<Queries.ServicePageQuery>) {
  const { serviceYaml: page, siteYaml: site, clientsYaml: clients, enquiryYaml: enquiry, built } = data;
  if (!page || !site || !clients || !enquiry || !built?.day)
    throw new Error("This page's content could not be loaded.");
  return (
    <PageShell pathname={location.pathname}>
      <ServiceContent page={page} site={site} clients={clients} enquiry={enquiry} today={built.day} />
    </PageShell>
  );
}

export const Head: HeadFC<Queries.ServicePageQuery> = ({ data, location }) => {
  const page = data.serviceYaml;
  if (!page) throw new Error("This page's content could not be loaded.");
  return (
    <PageHead
      data={data}
      title={page.title}
      description={page.description}
      pathname={location.pathname}
      image={page.hero.image}
      imageAlt={page.hero.imageAlt}
      kind="service"
      heading={page.hero.title}
    />
  );
};

export const query = graphql`
  query ServicePage($id: String!) {
    serviceYaml(id: { eq: $id }) {
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
    ...BuildDay
    siteYaml {
      ...CarouselLabels
    }
    clientsYaml {
      ...ClientsContent
    }
    enquiryYaml {
      ...QuoteActions
      callToAction {
        title
        text
      }
    }
  }
`;
