import { graphql, type HeadFC, type PageProps } from "gatsby";
import React from "react";
import { PageHead } from "../components/PageHead";
import { EnquiryContent } from "../pageBodies/EnquiryContent";
import { localLink, oneBySlug, pathIn, type PageLanguage } from "../language/paths";
import { DEFAULT_LANGUAGE } from "../schema/languages";
import { PageShell } from "../pageBodies/PageShell";

type Context = PageLanguage & { slug?: string };

/**
 * The request-for-quote page (content/enquiry.yaml), at the address its content chooses;
 * and its copy per standard page ("Request a quote to this standard"), the standard's
 * designation filled in (gatsby-node: the page's context names the standard's slug).
 */
export default function EnquiryPage({ data, location, pageContext }: PageProps<Queries.EnquiryPageQuery, Context>) {
  const { enquiryYaml: page, siteYaml: site } = data;
  if (!page || !site) throw new Error("content/enquiry.yaml was not loaded.");
  // Every service may be asked for, named in the page's language where its page is in it.
  const services = oneBySlug(data.allServiceYaml.nodes, pageContext.language).map((service) => ({
    slug: service.slug,
    title: service.hero.title,
  }));
  const english = pageContext.language === DEFAULT_LANGUAGE ? undefined : data.english?.form;
  const chosen = data.standardYaml;
  const standard = chosen
    ? {
        designation: chosen.designation,
        page: localLink(`/${chosen.slug}`, pageContext),
        ...(chosen.services.length === 1 ? { service: chosen.services[0] } : {}),
      }
    : undefined;
  return (
    <PageShell data={data} page={pageContext} pathname={location.pathname} embedMap={false}>
      <EnquiryContent
        page={page}
        english={english}
        services={services}
        standard={standard}
        newTabLabel={site.labels.opensInNewTab}
      />
    </PageShell>
  );
}

export const Head: HeadFC<Queries.EnquiryPageQuery, Context> = ({ data, location, pageContext }) => {
  const page = data.enquiryYaml;
  if (!page) throw new Error("content/enquiry.yaml was not loaded.");
  // A standard's copy of the form is the form: search engines are pointed at the form itself.
  const form = pathIn(pageContext.language, `/${page.slug}`);
  return (
    <PageHead
      data={data}
      page={pageContext.slug ? { ...pageContext, alternates: {} } : pageContext}
      title={page.title}
      description={page.description}
      pathname={pageContext.slug ? form : location.pathname}
    />
  );
};

export const query = graphql`
  query EnquiryPage($language: String!, $slug: String) {
    standardYaml(slug: { eq: $slug }, language: { eq: $language }) {
      slug
      designation
      services
    }
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
      estimateNote
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
