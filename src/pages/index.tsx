import { graphql, type HeadFC, type PageProps } from "gatsby";
import React from "react";
import { PageHead } from "../components/PageHead";
import { HomeContent } from "../pageBodies/HomeContent";
import { PageShell } from "../pageBodies/PageShell";

/** The home page: its hero, then its sections in the order content/home.yaml lists them. */
export default function HomePage({ data, location }: PageProps<Queries.HomePageQuery>) {
  const { homeYaml: home, siteYaml: site, clientsYaml: clients, enquiryYaml: enquiry, built } = data;
  if (!home || !site || !clients || !enquiry || !built?.day)
    throw new Error("The home page's content could not be loaded.");
  return (
    <PageShell pathname={location.pathname}>
      <HomeContent home={home} site={site} clients={clients} enquiry={enquiry} today={built.day} />
    </PageShell>
  );
}

export const Head: HeadFC<Queries.HomePageQuery> = ({ data, location }) => {
  const page = data.homeYaml;
  if (!page) throw new Error("The home page's content could not be loaded.");
  return (
    <PageHead
      data={data}
      title={page.title}
      description={page.description}
      pathname={location.pathname}
      image={page.hero.slides[0]?.image}
      imageAlt={page.hero.slides[0]?.imageAlt}
      kind="home"
    />
  );
};

export const query = graphql`
  query HomePage {
    homeYaml {
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
    ...BuildDay
    siteYaml {
      ...CarouselLabels
      company {
        name
      }
    }
    clientsYaml {
      ...ClientsContent
    }
    enquiryYaml {
      ...QuoteActions
    }
  }
`;
