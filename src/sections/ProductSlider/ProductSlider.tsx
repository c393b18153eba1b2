import { Picture, type ContentImage } from "../../components/Picture";
import { graphql } from "gatsby";
import React from "react";
import { Carousel, type CarouselLabels } from "../../components/Carousel";
import { Section } from "../../components/Section";
import { SLIDER_INTERVAL_MS, SLIDER_TRANSITION_MS } from "../../constants";
import * as styles from "./ProductSlider.module.css";

export interface ProductSliderProps {
  anchor?: string | null;
  title: string;
  slides: readonly { image: ContentImage | null; imageAlt: string; caption?: string | null }[];
  interval?: number | null;
  transitionTime?: number | null;
  labels: CarouselLabels;
}

/** Photos of treated parts, advancing by themselves (1500 ms unless the content says otherwise). */
export function ProductSlider({ anchor, title, slides, interval, transitionTime, labels }: ProductSliderProps) {
  return (
    <Section id={anchor} title={title} tone="mist" className={styles.section}>
      <Carousel
        label={title}
        interval={interval ?? SLIDER_INTERVAL_MS}
        transitionTime={transitionTime ?? SLIDER_TRANSITION_MS}
        labels={labels}
        className={styles.slider}
      >
        {slides.map((slide) => {
          return (
            <figure key={slide.imageAlt} className={styles.figure}>
              <Picture image={slide.image} alt={slide.imageAlt} className={styles.image} />
              {slide.caption && <figcaption className={styles.caption}>{slide.caption}</figcaption>}
            </figure>
          );
        })}
      </Carousel>
    </Section>
  );
}

/** What the page's query asks of a product slider. */
export const fragment = graphql`
  fragment ProductSliderFields on ProductSliderSection {
    anchor
    title
    slides {
      image {
        ...SlideImage
      }
      imageAlt
      caption
    }
    interval
    transitionTime
  }
`;

/** It moves: React hydrates it in the browser. */
export const interactive = true;
