import { graphql, useStaticQuery } from "gatsby";
import React from "react";
import { Layout } from "../components/Layout";
import { layoutProps } from "../queries/layoutProps";

interface Props {
  /** The path being shown, to mark the current page in the navigation. */
  pathname: string;
  /** False on the quote form's pages: the footer links the map instead of framing it. */
  embedMap?: boolean;
  children: React.ReactNode;
}

/** Reads the site-wide content (navigation, footer, labels) and frames a page with it. */
export function PageShell({ pathname, embedMap = true, children }: Props) {
  const {
    siteYaml: site,
    enquiryYaml: enquiry,
    site: gatsby,
  } = useStaticQuery<Queries.PageShellQuery>(graphql`
    query PageShell {
      enquiryYaml {
        slug
        linkLabel
      }
      site {
        siteMetadata {
          siteUrl
        }
      }
      siteYaml {
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
  `);
  const siteUrl = gatsby?.siteMetadata?.siteUrl;
  if (!site || !enquiry || !siteUrl)
    throw new Error("content/site.yaml, content/enquiry.yaml or the siteUrl was not loaded.");
  const props = layoutProps(site, enquiry, siteUrl, pathname);
  const footer = { ...props.footer, embedMap, newTabLabel: site.labels.opensInNewTab };
  return (
    <Layout {...props} footer={footer}>
      {children}
    </Layout>
  );
}
