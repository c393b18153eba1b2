import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Link } from "gatsby";
import React from "react";
import { QuoteActions } from "../components/QuoteActions";
import { Section } from "../components/Section";
import { PageHead } from "../components/PageHead";
import { PageShell } from "../pageBodies/PageShell";
import * as styles from "./404.module.css";

/**
 * Any unknown address: no dead end. The ways to ask for a price (form, call, WhatsApp)
 * and the e-mail address first, then a link to every page.
 */
export default function NotFoundPage({ data, location }: PageProps<Queries.NotFoundPageQuery>) {
  const { siteYaml: site, enquiryYaml: enquiry } = data;
  if (!site || !enquiry) throw new Error("content/site.yaml or content/enquiry.yaml was not loaded.");
  const { notFound } = site;
  return (
    <PageShell pathname={location.pathname}>
      <div className={`container ${styles.top}`}>
        <h1>{notFound.title}</h1>
        <p>{notFound.text}</p>
        <QuoteActions enquiry={enquiry} newTabLabel={site.labels.opensInNewTab} tone="light" />
        <p className={styles.email}>
          {site.footer.emailLabel}: <a href={`mailto:${site.email}`}>{site.email}</a>
        </p>
      </div>
      <Section title={notFound.linksHeading} tone="mist">
        <ul className={styles.links}>
          <li>
            <Link to="/">{notFound.homeLabel}</Link>
          </li>
          {data.allServiceYaml.nodes.map((page) => (
            <li key={page.slug}>
              <Link to={`/${page.slug}`}>{page.hero.title}</Link>
            </li>
          ))}
        </ul>
      </Section>
    </PageShell>
  );
}

export const Head: HeadFC<Queries.NotFoundPageQuery> = ({ data }) => {
  const site = data.siteYaml;
  if (!site) throw new Error("content/site.yaml was not loaded.");
  return <PageHead data={data} title={site.notFound.title} description={site.notFound.text} pathname="/404" noindex />;
};

export const query = graphql`
  query NotFoundPage {
    ...PageHeadData
    enquiryYaml {
      ...QuoteActions
    }
    siteYaml {
      email
      footer {
        emailLabel
      }
      labels {
        opensInNewTab
      }
      notFound {
        title
        text
        linksHeading
        homeLabel
      }
    }
    allServiceYaml(sort: { slug: ASC }) {
      nodes {
        slug
        hero {
          title
        }
      }
    }
  }
`;
