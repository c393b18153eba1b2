import type { IGatsbyImageData } from "gatsby-plugin-image";
import React from "react";
import * as styles from "./Picture.module.css";

/** An image field as a query returns it (`image { childImageSharp { gatsbyImageData } }`). */
export type ContentImage = {
  readonly childImageSharp: { readonly gatsbyImageData: IGatsbyImageData } | null;
} | null;

interface Props {
  image: ContentImage | undefined;
  alt: string;
  className?: string;
  /** The largest image above the fold: loaded at once, with high priority. */
  priority?: boolean;
  /** cover: fill the box, cropping; contain: fit inside it (logos). */
  fit?: "cover" | "contain";
  /** Printed too: a logo. Photos are left off paper (global.css). */
  print?: boolean;
}

/**
 * A content image as gatsby-plugin-image processed it (AVIF, WebP and a fallback, in
 * several widths), rendered as a plain <picture>. GatsbyImage would do the same but
 * ships react-dom/server to every browser (21 KB gzipped); width and height here
 * reserve the space, so nothing shifts when the image arrives.
 */
export function Picture({ image, alt, className, priority = false, fit = "cover", print = false }: Props) {
  const data = image?.childImageSharp?.gatsbyImageData;
  if (!data) return null;
  const { images, backgroundColor } = data;
  // Full-width images come as 1 x ratio; HTML wants whole numbers, and only the ratio matters.
  const scale = data.width < 100 ? 1000 / data.width : 1;
  const width = Math.round(data.width * scale);
  const height = Math.round(data.height * scale);
  return (
    <picture className={[styles.picture, className].filter(Boolean).join(" ")} data-print={print ? "" : undefined}>
      {images.sources?.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        className={fit === "contain" ? styles.contain : styles.cover}
        src={images.fallback?.src}
        srcSet={images.fallback?.srcSet}
        sizes={images.fallback?.sizes}
        width={width}
        height={height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        // React 18 passes the lower-case attribute through as written.
        {...(priority ? { fetchpriority: "high" } : {})}
        style={backgroundColor ? { backgroundColor } : undefined}
      />
    </picture>
  );
}
