import { graphql } from "gatsby";
import React from "react";
import type { PageLanguage } from "../../language/paths";
import { Seo, type SeoProps } from "../Seo";

type Props = Omit<SeoProps, "site" | "policy" | "language" | "alternates" | "structuredData"> & {
  /** The page's language and twins, and its JSON-LD where it has any (its page context, from gatsby-node). */
  page: PageLanguage & { structuredData?: string | null };
  /** The query's shared part: every page query spreads `...PageHeadData` at its top. */
  data: Queries.PageHeadDataFragment;
  /** Pages search engines should not list (the form's notices, the 404 page). */
  noindex?: boolean;
};

/** Every page's document head (Gatsby's Head API): the Seo tags from the page and the site. */
export function PageHead({ data, page: { language, alternates, structuredData }, noindex = false, ...page }: Props) {
  const site = data.siteYaml;
  if (!site) throw new Error("content/site.yaml was not loaded.");
  // The published address is the operator's (SITE_URL), in Gatsby's siteMetadata.
  const url = data.site?.siteMetadata?.siteUrl;
  if (!url) throw new Error("gatsby-config.ts gave no siteUrl.");
  const logo = site.company.logo.publicURL;
  return (
    <>
      <Seo
        {...page}
        language={language}
        alternates={noindex ? {} : alternates}
        structuredData={structuredData}
        site={{
          url,
          company: site.company,
          themeColor: site.company.themeColor,
          logoUrl: logo ? new URL(logo, url).href : null,
        }}
        policy={data.site?.siteMetadata?.pagePolicy}
      />
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}

/** What every page's head reads: the site's facts and this page's security policy. */
export const fragment = graphql`
  fragment PageHeadData on Query {
    site {
      siteMetadata {
        pagePolicy
        siteUrl
      }
    }
    siteYaml(language: { eq: $language }) {
      company {
        name
        themeColor
        logo {
          publicURL
        }
      }
    }
  }
`;
