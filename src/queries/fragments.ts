import { graphql } from "gatsby";

// Query pieces shared by several pages (images, cards, labels). Each section type keeps
// its own fragment beside its component, and the page head its own (PageHead).
// Gatsby makes every fragment in src/ available to every query by name.
export const contentFragments = graphql`
  fragment HeroImage on File {
    childImageSharp {
      gatsbyImageData(layout: FULL_WIDTH, breakpoints: [480, 768, 1200, 1920], quality: 60)
    }
  }

  fragment CardImage on File {
    childImageSharp {
      gatsbyImageData(width: 720, breakpoints: [360, 720])
    }
  }

  fragment SlideImage on File {
    childImageSharp {
      gatsbyImageData(width: 1200, breakpoints: [480, 800, 1200])
    }
  }

  fragment LogoImage on File {
    childImageSharp {
      gatsbyImageData(width: 200, placeholder: NONE, formats: [AUTO, WEBP])
    }
  }

  fragment BrandImage on File {
    childImageSharp {
      gatsbyImageData(layout: FIXED, width: 48, height: 48, placeholder: NONE, formats: [AUTO, WEBP])
    }
  }

  fragment LinkedCard on LinkedCard {
    title
    text
    image {
      ...CardImage
    }
    imageAlt
    link
    linkLabel
  }

  fragment CarouselLabels on SiteYaml {
    labels {
      previousSlide
      nextSlide
      goToSlide
      pause
      play
      slideOf
      opensInNewTab
    }
    webmail {
      label
      url
    }
  }

  fragment ClientsContent on ClientsYaml {
    title
    text
    logos {
      name
      logo {
        ...LogoImage
      }
    }
  }

  fragment ContactOptions on EnquiryYaml {
    alternatives {
      title
      phone
      callLabel
      whatsapp
      whatsappLabel
    }
  }
`;

/** The estimate desk's address and link, under the buttons on every first screen (QuoteActions). */
export const estimateLinkFragment = graphql`
  fragment EstimateLink on EstimateYaml {
    slug
    linkLabel
  }
`;

/** The form's link, phone and WhatsApp, for the buttons on every first screen (QuoteActions). */
export const quoteActionsFragment = graphql`
  fragment QuoteActions on EnquiryYaml {
    slug
    linkLabel
    alternatives {
      phone
      callLabel
      whatsapp
      whatsappLabel
    }
  }
`;
