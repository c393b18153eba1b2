// The only file that knows the carousel library. It adds what the library lacks:
// wrap-around in both directions without cloned slides, a pause/play control,
// pausing on hover and focus, reduced motion, real buttons and slide labels, and a
// start once the page is idle. Carousel.tsx loads it as a file of its own.
import React, { useEffect, useState } from "react";
import { Carousel as Library } from "react-responsive-carousel";
import "react-responsive-carousel/lib/styles/carousel.min.css";
import { useHydrated } from "../../hooks/useHydrated";
import { useReducedMotion } from "../../hooks/useReducedMotion";
import * as styles from "./Carousel.module.css";
import { fade } from "./fade";
import { slidePosition } from "./slidePosition";

/** Runs `callback` at the browser's next idle moment (Safari has no requestIdleCallback: soon after). */
function afterIdle(callback: () => void) {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(callback);
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 0);
  return () => window.clearTimeout(id);
}

export interface CarouselLabels {
  previousSlide: string;
  nextSlide: string;
  goToSlide: string;
  pause: string;
  play: string;
  /** "{current} of {total}" */
  slideOf: string;
}

export interface SlideshowProps {
  /** What the carousel shows, for screen readers. */
  label: string;
  /** How long each slide shows, in ms. */
  interval: number;
  /** How long the change from one slide to the next takes, in ms. */
  transitionTime: number;
  labels: CarouselLabels;
  className?: string;
  children: React.ReactElement[];
}

export function Slideshow({ label, interval, transitionTime, labels, className, children }: SlideshowProps) {
  const count = children.length;
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The server's HTML leaves every slide readable (for visitors without JavaScript);
  // hidden slides are taken out of reach once the page runs.
  const mounted = useHydrated();

  // Under reduced motion nothing moves by itself; the visitor may still press play.
  useEffect(() => setPaused(reducedMotion), [reducedMotion]);

  // The slideshow starts at the browser's first idle moment after the page has loaded
  // and hydrated, so the first slide's interval counts from there and no change of
  // slide competes with loading on a slow phone.
  const [idle, setIdle] = useState(false);
  useEffect(() => afterIdle(() => setIdle(true)), []);

  const running = idle && !paused && !hovered && !focused && count > 1;
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), interval);
    return () => window.clearTimeout(timer);
  }, [running, index, interval, count]);

  const go = (to: number) => setIndex(((to % count) + count) % count);

  // Pressing play is an explicit request: it wins over the hover and focus pauses,
  // though the pointer and focus are still on the button (WAI-ARIA carousel pattern).
  const togglePlay = () => {
    setPaused(!paused);
    setHovered(false);
    setFocused(false);
  };

  return (
    <div
      className={[styles.carousel, className].filter(Boolean).join(" ")}
      // A group, not a region: the section around it is already the landmark.
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      data-ready={mounted}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={styles.slides} aria-live={running ? "off" : "polite"}>
        <Library
          selectedItem={index}
          onChange={(to) => to !== index && go(to)}
          animationHandler={fade}
          transitionTime={reducedMotion ? 0 : transitionTime}
          autoPlay={false}
          infiniteLoop={false}
          swipeable={false}
          showArrows={false}
          // Without arrows the library still writes a hidden, disabled one; ours are below.
          renderArrowPrev={() => null}
          renderArrowNext={() => null}
          showStatus={false}
          showThumbs={false}
          // The dots are ours, after the slides (below): the library writes its own before
          // them, and a slow phone that paints a half-read page would show them at the top of
          // a box the slides have not yet filled, then move them (a layout shift).
          showIndicators={false}
        >
          {children.map((child, position) => {
            const hidden = mounted && position !== index;
            return (
              <div
                key={position}
                role="group"
                aria-roledescription="slide"
                aria-label={slidePosition(labels.slideOf, position + 1, count)}
                aria-hidden={hidden || undefined}
                // Hidden slides can be neither focused nor read (React 18 passes the attribute through).
                {...(hidden ? { inert: "" } : {})}
                className={styles.slide}
              >
                {child}
              </div>
            );
          })}
        </Library>
      </div>
      {count > 1 && (
        <ul className={styles.dots}>
          {children.map((_child, position) => (
            <li key={position}>
              <button
                type="button"
                className={styles.dotButton}
                aria-label={`${labels.goToSlide} ${slidePosition(labels.slideOf, position + 1, count)}`}
                aria-current={position === index ? "true" : undefined}
                onClick={() => go(position)}
              />
            </li>
          ))}
        </ul>
      )}
      {count > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.control}
            aria-label={labels.previousSlide}
            onClick={() => go(index - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className={styles.control}
            aria-label={paused ? labels.play : labels.pause}
            onClick={togglePlay}
          >
            <span aria-hidden="true">{paused ? "▶" : "❚❚"}</span>
          </button>
          <button type="button" className={styles.control} aria-label={labels.nextSlide} onClick={() => go(index + 1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </div>
  );
}
