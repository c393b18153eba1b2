import { graphql } from "gatsby";

// Query pieces shared by the home page, the service template and the 404 page.
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

  fragment PagePolicy on Site {
    siteMetadata {
      pagePolicy
    }
  }

  fragment PageHead on SiteYaml {
    url
    company {
      name
      description
      themeColor
      logo {
        publicURL
      }
    }
    email
    gstin
    units {
      name
      address
    }
    contacts {
      name
      role
      phone
    }
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
