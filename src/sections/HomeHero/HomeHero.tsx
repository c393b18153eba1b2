import { Picture, type ContentImage } from "../../components/Picture";
import React from "react";
import { Carousel, type CarouselLabels } from "../../components/Carousel";
import { HERO_INTERVAL_MS, SECTION_IDS, TRANSITION_MS } from "../../constants";
import * as styles from "./HomeHero.module.css";

export interface HomeHeroProps {
  slides: readonly { title: string; text: string; image: ContentImage | null; imageAlt: string }[];
  interval?: number | null;
  /** Names the carousel for screen readers. */
  label: string;
  labels: CarouselLabels;
}

/** The home page's full-height carousel: four slides, each shown for 2000 ms, wrapping around. */
export function HomeHero({ slides, interval, label, labels }: HomeHeroProps) {
  return (
    <section id={SECTION_IDS.home} className={styles.hero}>
      <Carousel
        label={label}
        interval={interval ?? HERO_INTERVAL_MS}
        transitionTime={TRANSITION_MS}
        labels={labels}
        className={styles.carousel}
      >
        {slides.map((slide, position) => {
          const Heading = position === 0 ? "h1" : "h2";
          return (
            <div key={slide.title} className={styles.slide}>
              <Picture image={slide.image} alt={slide.imageAlt} className={styles.image} priority={position === 0} />
              <div className={styles.text}>
                <Heading className={styles.title}>{slide.title}</Heading>
                <p className={styles.lead}>{slide.text}</p>
              </div>
            </div>
          );
        })}
      </Carousel>
    </section>
  );
}
