import { graphql, type HeadFC, type PageProps } from "gatsby";
import React from "react";
import { Seo } from "../components/Seo";
import { HomeContent } from "../pageBodies/HomeContent";
import { PageShell } from "../pageBodies/PageShell";
import { siteForSeo } from "../queries/siteForSeo";

/** The home page: its hero, then its sections in the order content/home.yaml lists them. */
export default function HomePage({ data, location }: PageProps<Queries.HomePageQuery>) {
  const { homeYaml: home, siteYaml: site, clientsYaml: clients } = data;
  if (!home || !site || !clients) throw new Error("The home page's content could not be loaded.");
  return (
    <PageShell pathname={location.pathname}>
      <HomeContent home={home} site={site} clients={clients} />
    </PageShell>
  );
}

export const Head: HeadFC<Queries.HomePageQuery> = ({ data, location }) => {
  const { homeYaml: page, siteYaml: site } = data;
  if (!page || !site) throw new Error("This page's content could not be loaded.");
  return (
    <Seo
      title={page.title}
      description={page.description}
      pathname={location.pathname}
      site={siteForSeo(site)}
      policy={data.site?.siteMetadata?.pagePolicy}
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
      }
      sections {
        ...PageSections
      }
    }
    site {
      ...PagePolicy
    }
    siteYaml {
      ...PageHead
      ...CarouselLabels
      company {
        name
      }
    }
    clientsYaml {
      ...ClientsContent
    }
  }
`;
