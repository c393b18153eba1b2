import { graphql, type HeadFC, type PageProps } from "gatsby";
import React from "react";
import { PageHead } from "../components/PageHead";
import { EnquiryContent } from "../pageBodies/EnquiryContent";
import { oneBySlug, type PageLanguage } from "../language/paths";
import { DEFAULT_LANGUAGE } from "../schema/languages";
import { PageShell } from "../pageBodies/PageShell";

/** The request-for-quote page (content/enquiry.yaml), at the address its content chooses. */
export default function EnquiryPage({
  data,
  location,
  pageContext,
}: PageProps<Queries.EnquiryPageQuery, PageLanguage>) {
  const { enquiryYaml: page, siteYaml: site } = data;
  if (!page || !site) throw new Error("content/enquiry.yaml was not loaded.");
  // Every service may be asked for, named in the page's language where its page is in it.
  const services = oneBySlug(data.allServiceYaml.nodes, pageContext.language).map((service) => ({
    slug: service.slug,
    title: service.hero.title,
  }));
  const english = pageContext.language === DEFAULT_LANGUAGE ? undefined : data.english?.form;
  return (
    <PageShell data={data} page={pageContext} pathname={location.pathname} embedMap={false}>
      <EnquiryContent page={page} english={english} services={services} newTabLabel={site.labels.opensInNewTab} />
    </PageShell>
  );
}

export const Head: HeadFC<Queries.EnquiryPageQuery, PageLanguage> = ({ data, location, pageContext }) => {
  const page = data.enquiryYaml;
  if (!page) throw new Error("content/enquiry.yaml was not loaded.");
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
  query EnquiryPage($language: String!) {
    ...PageHeadData
    ...PageShellData
    siteYaml(language: { eq: $language }) {
      labels {
        opensInNewTab
      }
    }
    english: enquiryYaml(language: { eq: "en" }) {
      ...EnquiryFormWords
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
    enquiryYaml(language: { eq: $language }) {
      title
      description
      heading
      intro
      ...EnquiryFormWords
      chooseService
      otherService
      privacyLinkLabel
      optional
      submit
      sending
      problems {
        summary
        required
        email
        phone
        tooLong
        oneLine
        choice
        fileType
        fileSize
        fileCount
        fileContent
        consent
        network
      }
      tooMany {
        text
      }
      unavailable {
        text
      }
      privacy {
        slug
      }
      ...ContactOptions
    }
  }
`;

/** The form's words: the page's, and on a translated page the English's too (its names and answers). */
export const formFragment = graphql`
  fragment EnquiryFormWords on EnquiryYaml {
    form {
      name {
        label
        help
        missing
      }
      company {
        label
        help
        missing
        required
      }
      email {
        label
        help
        missing
      }
      phone {
        label
        help
        missing
        required
      }
      service {
        label
        help
        missing
      }
      material {
        label
        help
        missing
        required
      }
      quantity {
        label
        help
        missing
        required
      }
      partSize {
        label
        help
        missing
        required
      }
      questions {
        label
        help
        kind
        options
        required
        missing
        invalid
      }
      message {
        label
        help
        missing
        required
      }
      drawing {
        label
        help
        missing
      }
      consent {
        label
        help
        missing
      }
    }
  }
`;
