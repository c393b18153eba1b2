import { GatsbyImage, type IGatsbyImageData } from "gatsby-plugin-image";
import React from "react";

/** An image field as a query returns it (`image { childImageSharp { gatsbyImageData } }`). */
export type ContentImage = {
  readonly childImageSharp: { readonly gatsbyImageData: IGatsbyImageData } | null;
} | null;

interface Props {
  image: ContentImage | undefined;
  alt: string;
  className?: string;
  /** "eager" only for what is above the fold. */
  loading?: "eager" | "lazy";
}

/** A processed content image (AVIF/WebP, responsive sizes, space reserved); nothing if absent. */
export function Picture({ image, alt, className, loading = "lazy" }: Props) {
  const data = image?.childImageSharp?.gatsbyImageData;
  return data ? <GatsbyImage image={data} alt={alt} className={className} loading={loading} /> : null;
}
