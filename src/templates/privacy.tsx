import { graphql, type HeadFC, type PageProps } from "gatsby";
import React from "react";
import { ServerHtml } from "../components/ServerHtml";
import { PageHead } from "../components/PageHead";
import { QuoteActions } from "../components/QuoteActions";
import { VISITS_KEPT_MONTHS } from "../visits";
import { localLink, type PageLanguage } from "../language/paths";
import { PageShell } from "../pageBodies/PageShell";
import * as styles from "./enquiry.module.css";

/**
 * The privacy notice the request-for-quote form links to (content/enquiry.yaml › privacy),
 * with the ways to ask for a price under its heading, as on every first screen.
 */
export default function PrivacyPage({
  data,
  location,
  pageContext,
}: PageProps<Queries.PrivacyPageQuery, PageLanguage>) {
  const { enquiryYaml: page, siteYaml: site } = data;
  if (!page || !site) throw new Error("content/enquiry.yaml was not loaded.");
  const days = String(page.delivery.retentionDays);
  const months = String(VISITS_KEPT_MONTHS);
  return (
    <PageShell data={data} page={pageContext} pathname={location.pathname} embedMap={false}>
      <ServerHtml>
        <div className={`container ${styles.page}`}>
          <div className={styles.text}>
            <h1>{page.privacy.heading}</h1>
            <div className={styles.actions}>
              <QuoteActions enquiry={page} newTabLabel={site.labels.opensInNewTab} tone="light" />
            </div>
            {page.privacy.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph.replaceAll("{days}", days).replaceAll("{logMonths}", months)}</p>
            ))}
            <a className={styles.back} href={localLink(`/${page.slug}`, pageContext)}>
              {page.backLabel}
            </a>
          </div>
        </div>
      </ServerHtml>
    </PageShell>
  );
}

export const Head: HeadFC<Queries.PrivacyPageQuery, PageLanguage> = ({ data, location, pageContext }) => {
  const page = data.enquiryYaml;
  if (!page) throw new Error("content/enquiry.yaml was not loaded.");
  return (
    <PageHead
      data={data}
      page={pageContext}
      title={page.privacy.title}
      description={page.privacy.description}
      pathname={location.pathname}
    />
  );
};

export const query = graphql`
  query PrivacyPage($language: String!) {
    ...PageHeadData
    ...PageShellData
    siteYaml(language: { eq: $language }) {
      labels {
        opensInNewTab
      }
    }
    enquiryYaml(language: { eq: $language }) {
      ...QuoteActions
      slug
      backLabel
      privacy {
        title
        description
        heading
        paragraphs
      }
      delivery {
        retentionDays
      }
    }
  }
`;
