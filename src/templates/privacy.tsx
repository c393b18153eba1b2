import { graphql, type HeadFC, type PageProps } from "gatsby";
import React from "react";
import { ServerHtml } from "../components/ServerHtml";
import { Seo } from "../components/Seo";
import { PageShell } from "../pageBodies/PageShell";
import { siteForSeo } from "../queries/siteForSeo";
import * as styles from "./enquiry.module.css";

/** The privacy notice the request-for-quote form links to (content/enquiry.yaml › privacy). */
export default function PrivacyPage({ data, location }: PageProps<Queries.PrivacyPageQuery>) {
  const page = data.enquiryYaml;
  if (!page) throw new Error("content/enquiry.yaml was not loaded.");
  const days = String(page.delivery.retentionDays);
  return (
    <PageShell pathname={location.pathname} embedMap={false}>
      <ServerHtml>
        <div className={`${styles.page} ${styles.text}`}>
          <h1>{page.privacy.heading}</h1>
          {page.privacy.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph.replaceAll("{days}", days)}</p>
          ))}
          <a className={styles.back} href={`/${page.slug}`}>
            {page.backLabel}
          </a>
        </div>
      </ServerHtml>
    </PageShell>
  );
}

export const Head: HeadFC<Queries.PrivacyPageQuery> = ({ data, location }) => {
  const { enquiryYaml: page, siteYaml: site } = data;
  if (!page || !site) throw new Error("content/enquiry.yaml was not loaded.");
  return (
    <Seo
      title={page.privacy.title}
      description={page.privacy.description}
      pathname={location.pathname}
      site={siteForSeo(site)}
      policy={data.site?.siteMetadata?.pagePolicy}
    />
  );
};

export const query = graphql`
  query PrivacyPage {
    site {
      ...PagePolicy
    }
    siteYaml {
      ...PageHead
    }
    enquiryYaml {
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
