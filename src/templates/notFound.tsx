import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Link } from "gatsby";
import React from "react";
import { QuoteActions } from "../components/QuoteActions";
import { Section } from "../components/Section";
import { PageHead } from "../components/PageHead";
import { useLocalLink } from "../language/PageLanguageContext";
import { pathIn, type PageLanguage } from "../language/paths";
import { NOT_FOUND_PATH } from "../build/languagePages";
import { PageShell } from "../pageBodies/PageShell";
import * as styles from "./notFound.module.css";

/**
 * Any unknown address: no dead end. The ways to ask for a price (form, call, WhatsApp)
 * and the e-mail address first, then a link to every page.
 */
export default function NotFoundPage({
  data,
  location,
  pageContext,
}: PageProps<Queries.NotFoundPageQuery, PageLanguage>) {
  const { siteYaml: site, enquiryYaml: enquiry } = data;
  if (!site || !enquiry) throw new Error("content/site.yaml or content/enquiry.yaml was not loaded.");
  const { notFound } = site;
  return (
    <PageShell data={data} page={pageContext} pathname={location.pathname}>
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
          <PageLinks
            homeLabel={notFound.homeLabel}
            pages={[
              ...data.allServiceYaml.nodes.map((page) => ({ slug: page.slug, title: page.hero.title })),
              ...data.standardPages.nodes.map((page) => ({ slug: page.slug, title: page.designation })),
            ]}
          />
        </ul>
      </Section>
    </PageShell>
  );
}

/** The home page, every service page and every standard's page, in the page's language where they are in it. */
function PageLinks({ homeLabel, pages }: { homeLabel: string; pages: readonly { slug: string; title: string }[] }) {
  const local = useLocalLink();
  return (
    <>
      <li>
        <Link to={local("/")}>{homeLabel}</Link>
      </li>
      {pages.map((page) => (
        <li key={page.slug}>
          <Link to={local(`/${page.slug}`)}>{page.title}</Link>
        </li>
      ))}
    </>
  );
}

export const Head: HeadFC<Queries.NotFoundPageQuery, PageLanguage> = ({ data, pageContext }) => {
  const site = data.siteYaml;
  if (!site) throw new Error("content/site.yaml was not loaded.");
  return (
    <PageHead
      data={data}
      page={pageContext}
      title={site.notFound.title}
      description={site.notFound.text}
      pathname={pathIn(pageContext.language, NOT_FOUND_PATH)}
      noindex
    />
  );
};

export const query = graphql`
  query NotFoundPage($language: String!) {
    ...PageHeadData
    ...PageShellData
    enquiryYaml(language: { eq: $language }) {
      ...QuoteActions
    }
    siteYaml(language: { eq: $language }) {
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
    allServiceYaml(filter: { language: { eq: $language } }, sort: { slug: ASC }) {
      nodes {
        slug
        hero {
          title
        }
      }
    }
    standardPages: allStandardYaml(filter: { language: { eq: $language } }, sort: { slug: ASC }) {
      nodes {
        slug
        designation
      }
    }
  }
`;
