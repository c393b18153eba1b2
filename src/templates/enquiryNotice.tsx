import { graphql, type HeadFC, type PageProps } from "gatsby";
import React from "react";
import { PageHead } from "../components/PageHead";
import { withLimits } from "../enquiry/rules";
import { REFERENCE_ID, type Notice } from "../enquiry/pages";
import { localLink, type PageLanguage } from "../language/paths";
import { PageShell } from "../pageBodies/PageShell";
import { ContactOptions } from "../sections/ContactOptions";
import * as styles from "./enquiry.module.css";

type Context = PageLanguage & { notice: Notice };
type Props = PageProps<Queries.EnquiryNoticeQuery, Context>;

/**
 * What the enquiry service (or nginx) shows instead of the form: the thank-you page with
 * the enquiry's reference, or why a form was refused, with the other ways to ask.
 */
export default function EnquiryNoticePage({ data, location, pageContext }: Props) {
  const { enquiryYaml: page, siteYaml: site } = data;
  if (!page || !site) throw new Error("content/enquiry.yaml was not loaded.");
  const notice = page[pageContext.notice];
  return (
    <PageShell data={data} page={pageContext} pathname={location.pathname} embedMap={false}>
      <div className={`container ${styles.page}`}>
        <div className={styles.columns}>
          <div className={styles.text}>
            <h1>{notice.title}</h1>
            <p>{withLimits(notice.text)}</p>
            {pageContext.notice === "received" ? (
              <p className={styles.reference}>
                {page.received.referenceLabel}: <strong id={REFERENCE_ID} translate="no" />
              </p>
            ) : (
              <a className={styles.back} href={localLink(`/${page.slug}`, pageContext)}>
                {page.backLabel}
              </a>
            )}
          </div>
          <ContactOptions {...page.alternatives} newTabLabel={site.labels.opensInNewTab} />
        </div>
      </div>
    </PageShell>
  );
}

export const Head: HeadFC<Queries.EnquiryNoticeQuery, Context> = ({ data, location, pageContext }) => {
  const page = data.enquiryYaml;
  if (!page) throw new Error("content/enquiry.yaml was not loaded.");
  const notice = page[pageContext.notice];
  return (
    <PageHead
      data={data}
      page={pageContext}
      title={notice.title}
      description={withLimits(notice.text)}
      pathname={location.pathname}
      noindex
    />
  );
};

export const query = graphql`
  query EnquiryNotice($language: String!) {
    ...PageHeadData
    ...PageShellData
    siteYaml(language: { eq: $language }) {
      labels {
        opensInNewTab
      }
    }
    enquiryYaml(language: { eq: $language }) {
      slug
      backLabel
      received {
        title
        text
        referenceLabel
      }
      unavailable {
        title
        text
      }
      tooLarge {
        title
        text
      }
      tooMany {
        title
        text
      }
      ...ContactOptions
    }
  }
`;
