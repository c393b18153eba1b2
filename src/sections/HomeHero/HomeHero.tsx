import { Picture, type ContentImage } from "../../components/Picture";
import React from "react";
import { Carousel, type CarouselLabels } from "../../components/Carousel";
import { QuoteActions, type QuoteActionsProps } from "../../components/QuoteActions";
import { HERO_INTERVAL_MS, SECTION_IDS, TRANSITION_MS } from "../../constants";
import * as styles from "./HomeHero.module.css";

/** A slide title longer than this is set smaller, so the offer below still shows on the first screen. */
export const LONG_TITLE_CHARACTERS = 40;

export interface HomeHeroProps {
  slides: readonly { title: string; text: string; image: ContentImage | null; imageAlt: string }[];
  interval?: number | null;
  /** What the company offers in a few words, shown under every slide. */
  facts?: readonly string[] | null;
  /** The ways to ask for a price (the facts are this hero's own). */
  actions: Omit<QuoteActionsProps, "facts">;
  /** The company's name: the page's heading (read, not shown) and the carousel's name for screen readers. */
  label: string;
  labels: CarouselLabels;
}

/**
 * The home page's full-height carousel: four slides, each shown for 2000 ms, wrapping
 * around. Over its lower part, not turning with it, the key facts and the ways to ask
 * for a price: there from the first paint, whichever slide shows.
 */
export function HomeHero({ slides, interval, facts, actions, label, labels }: HomeHeroProps) {
  return (
    // shown-when-read: the band's lines arriving one by one would move the carousel's dots.
    <section id={SECTION_IDS.home} className={`${styles.hero} shown-when-read`}>
      {/* The page's heading sits outside the slides: a slide out of sight is hidden from
          screen readers too, and the page must not lose its h1 as the slides turn. */}
      <h1 className="visually-hidden">{label}</h1>
      <Carousel
        label={label}
        interval={interval ?? HERO_INTERVAL_MS}
        transitionTime={TRANSITION_MS}
        labels={labels}
        className={styles.carousel}
      >
        {slides.map((slide, position) => (
          <div key={slide.title} className={styles.slide}>
            <Picture image={slide.image} alt={slide.imageAlt} className={styles.image} priority={position === 0} />
            <div className={`container ${styles.text}`}>
              {/* eslint-disable-next-line no-restricted-syntax -- a slide's title: the hero is the page's head, not a section */}
              <h2
                className={[styles.title, slide.title.length > LONG_TITLE_CHARACTERS && styles.long]
                  .filter(Boolean)
                  .join(" ")}
              >
                {slide.title}
              </h2>
              <p className={styles.lead}>{slide.text}</p>
            </div>
          </div>
        ))}
      </Carousel>
      <div className={styles.offer}>
        <div className="container">
          <QuoteActions {...actions} facts={facts} />
        </div>
      </div>
    </section>
  );
}
