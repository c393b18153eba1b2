import { graphql, type HeadFC, type PageProps } from "gatsby";
import React from "react";
import { PageHead } from "../components/PageHead";
import type { Desk } from "../estimate/answer";
import { ESTIMATE_URL } from "../estimate/form";
import { DESK_DATA_ID, jsonForHtml, type DeskPageData } from "../estimate/pageData";
import { oneBySlug, pathIn, type PageLanguage } from "../language/paths";
import { LANGUAGES } from "../schema/languages";
import { EstimateContent } from "../pageBodies/EstimateContent";
import { PageShell } from "../pageBodies/PageShell";

/**
 * The estimate desk (content/estimate.yaml): a buyer checks a part against what the
 * standards' pages offer, the alloys' advice and the plants' lines, and sees an
 * indicative price band and the lead time (src/estimate/ works them out).
 */
export default function EstimatePage({
  data,
  location,
  pageContext,
}: PageProps<Queries.EstimatePageQuery, PageLanguage>) {
  const { estimateYaml: page, built } = data;
  if (!page) throw new Error("content/estimate.yaml was not loaded.");
  const processNames = Object.fromEntries(
    oneBySlug(data.allServiceYaml.nodes, pageContext.language).map((service) => [service.slug, service.hero.title]),
  );
  // The desk names plants as the English site settings do; the page says their names in its language.
  const english = data.english?.units ?? [];
  const local = data.siteYaml?.units ?? [];
  const plantName = (name: string) => local[english.findIndex((unit) => unit.name === name)]?.name ?? name;
  const desk = {
    ...page,
    plants: page.plants.map((plant) => ({ ...plant, plant: plantName(plant.plant) })),
  } as Desk;
  const standards = oneBySlug(data.standards.nodes, pageContext.language).map((standard) => ({
    slug: standard.slug,
    designation: standard.designation,
    offered: standard.offered.items.map((item) => ({
      designation: item.designation,
      ...(item.service ? { service: item.service } : {}),
      ...(item.thickness ? { thickness: item.thickness } : {}),
    })),
  }));
  const shown: DeskPageData = { desk, processNames, standards, locale: LANGUAGES[pageContext.language].locale };
  return (
    <PageShell data={data} page={pageContext} pathname={location.pathname} embedMap={false}>
      <EstimateContent
        heading={page.heading}
        intro={page.intro}
        actions={
          data.enquiryYaml && data.siteYaml
            ? { enquiry: data.enquiryYaml, newTabLabel: data.siteYaml.labels.opensInNewTab, tone: "light" }
            : undefined
        }
        desk={{
          ...shown,
          action: ESTIMATE_URL,
          language: pageContext.language,
          quotePath: pathIn(pageContext.language, `/${data.enquiryYaml?.slug ?? ""}`),
          today: built?.day ?? "",
        }}
      />
      {/* For the enquiry service: it answers the form sent without JavaScript from this. */}
      <script type="application/json" id={DESK_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForHtml(shown) }} />
    </PageShell>
  );
}

export const Head: HeadFC<Queries.EstimatePageQuery, PageLanguage> = ({ data, location, pageContext }) => {
  const page = data.estimateYaml;
  if (!page) throw new Error("content/estimate.yaml was not loaded.");
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
  query EstimatePage($language: String!) {
    ...PageHeadData
    ...PageShellData
    ...BuildDay
    siteYaml(language: { eq: $language }) {
      units {
        name
      }
      labels {
        opensInNewTab
      }
    }
    enquiryYaml(language: { eq: $language }) {
      ...QuoteActions
    }
    english: siteYaml(language: { eq: "en" }) {
      units {
        name
      }
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
    standards: allStandardYaml(sort: { slug: ASC }) {
      nodes {
        slug
        language
        designation
        offered {
          items {
            designation
            service
            thickness {
              from
              to
            }
          }
        }
      }
    }
    estimateYaml(language: { eq: $language }) {
      title
      description
      slug
      linkLabel
      heading
      intro
      processes {
        service
        thickness {
          from
          to
        }
        outwardShare
        colours
        seals
        bands {
          from
          to
          low
          high
        }
        masking {
          low
          high
        }
        lotMinimum
        leadTime {
          days
          setOn
        }
      }
      alloys {
        name
        notes {
          service
          advice
          text
        }
      }
      plants {
        plant
        lines {
          name
          services
          tankLength
          tankWidth
          tankDepth
          clearance
          maxMass
        }
      }
      prices {
        shown
        currency
        validUntil
      }
      firmQuoteHours
      leadTimeMaxAgeDays
      words {
        process
        standard
        noStandard
        grade
        thickness
        colour
        seal
        alloy
        otherAlloy
        envelope
        length
        width
        height
        mass
        area
        shape
        plate
        block
        roundBar
        tube
        diameter
        inside
        quantity
        lots
        threads
        bores
        finished
        feature
        outside
        bore
        submit
        answerTitle
        checksTitle
        firmQuote
        record
        recordTitle
        recordFigures
        recordReference
        recordDate
        waiting
        problems {
          summary
          required
          number
          range
          choice
          bore
        }
      }
      sayings {
        areaWorkedOut
        gradeOffered
        gradeNotOffered
        thicknessIn
        thicknessOut
        sourceStandard
        sourceProcess
        suits
        caution
        unsuitable
        growthTitle
        perSurface
        diameter
        thread
        machineTo
        fits
        tooLarge
        tooHeavy
        fitsNowhere
        noLine
        priceTitle
        perPart
        perLot
        atMinimum
        validUntil
        noPrice
        firmQuoteWithin
        leadTime
        noLeadTime
      }
    }
  }
`;
