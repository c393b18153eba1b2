import { graphql } from "gatsby";
import React from "react";
import { StandardsProvider } from "../components/CitedText";
import { CompanyDocumentsProvider, type CompanyDocument } from "../components/CompanyDocuments";
import { COMPANY_PDF_PATHS } from "../constants";
import { pathIn } from "../language/paths";
import { Layout } from "../components/Layout";
import { PageLanguageProvider } from "../language/PageLanguageContext";
import type { PageLanguage } from "../language/paths";
import { layoutProps } from "../queries/layoutProps";

interface Props {
  /** The query's site-wide part: every page query spreads `...PageShellData` at its top. */
  data: Queries.PageShellDataFragment;
  /** The page's language and twins (its page context, from gatsby-node). */
  page: PageLanguage;
  /** The path being shown, to mark the current page in the navigation. */
  pathname: string;
  /** False on the quote form's pages: the footer links the map instead of framing it. */
  embedMap?: boolean;
  children: React.ReactNode;
}

/** Frames a page with the site-wide content (navigation, footer, labels) in its language. */
export function PageShell({ data, page, pathname, embedMap = true, children }: Props) {
  const { siteYaml: site, enquiryYaml: enquiry, site: gatsby } = data;
  const siteUrl = gatsby?.siteMetadata?.siteUrl;
  if (!site || !enquiry || !siteUrl)
    throw new Error("content/site.yaml, content/enquiry.yaml or the siteUrl was not loaded.");
  const props = layoutProps(site, enquiry, siteUrl, pathname, page);
  const footer = { ...props.footer, embedMap, newTabLabel: site.labels.opensInNewTab };
  const standards = data.allStandardYaml.nodes.map((standard) => ({
    slug: standard.slug,
    names: [standard.designation, ...(standard.aliases?.names ?? [])],
    services: standard.services,
  }));
  // The build makes the PDFs in each of the site's languages this file is in (src/build/companyPdfs).
  const capability = data.capabilityYaml;
  const documents: CompanyDocument[] =
    capability && (page.siteLanguages ?? [page.language]).includes(page.language)
      ? (["statement", "datasheet"] as const).map((kind) => ({
          label: capability[kind].linkLabel,
          fileName: capability[kind].fileName,
          href: pathIn(page.language, COMPANY_PDF_PATHS[kind]),
        }))
      : [];
  return (
    <PageLanguageProvider value={page}>
      <StandardsProvider value={standards}>
        <CompanyDocumentsProvider value={documents}>
          <Layout {...props} footer={footer}>
            {children}
          </Layout>
        </CompanyDocumentsProvider>
      </StandardsProvider>
    </PageLanguageProvider>
  );
}

/** What every page's frame reads, in the page's language ($language, from its context). */
export const fragment = graphql`
  fragment PageShellData on Query {
    capabilityYaml(language: { eq: $language }) {
      statement {
        linkLabel
        fileName
      }
      datasheet {
        linkLabel
        fileName
      }
    }
    allStandardYaml(filter: { language: { eq: $language } }) {
      nodes {
        slug
        designation
        aliases {
          names
        }
        services
      }
    }
    enquiryYaml(language: { eq: $language }) {
      slug
      linkLabel
    }
    site {
      siteMetadata {
        siteUrl
      }
    }
    siteYaml(language: { eq: $language }) {
      company {
        name
        shortName
        logo {
          ...BrandImage
        }
      }
      navigation {
        label
        link
        children {
          label
          link
        }
      }
      units {
        name
        address
      }
      openingHours
      gstin
      contacts {
        name
        role
        phone
      }
      email
      map {
        title
        embedUrl
      }
      footer {
        mailLabel
        unitsHeading
        contactsHeading
        gstinLabel
        emailLabel
        copyright
      }
      labels {
        skipToContent
        mainNavigation
        openMenu
        closeMenu
        scrollToTop
        opensInNewTab
      }
    }
  }
`;
