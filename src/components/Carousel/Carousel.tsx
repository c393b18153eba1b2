import React from "react";
import { Island } from "../Island";
import type { SlideshowProps } from "./Slideshow";
import * as styles from "./Carousel.module.css";

export type { CarouselLabels } from "./Slideshow";

// The slideshow and the carousel library come in a file of their own. A page whose
// built HTML has a carousel fetches it as soon as its scripts start (before the first
// render), and evaluating it is then a task of its own, not part of the task that
// starts the page (shorter tasks on a slow phone). A page without one never fetches it
// (7 KB gzipped); after a client-side navigation the first carousel drawn fetches it.
let loading: Promise<{ default: React.ComponentType<SlideshowProps> }> | undefined;

/** The slideshow's code, fetched once; if it cannot load, every slide still shows, one under the other. */
export function loadSlideshow() {
  loading ??= import("./Slideshow").then(
    (module) => ({ default: module.Slideshow }),
    () => ({ default: AllSlides }),
  );
  return loading;
}

if (typeof document !== "undefined" && document.querySelector(`[aria-roledescription="carousel"]`)) loadSlideshow();

/** Suspends until its code is here: the Island keeps the build's HTML on screen meanwhile. */
const Slideshow = React.lazy(loadSlideshow);

/** A carousel, hydrated in a pass of its own (Island) once its code is here. */
export function Carousel(props: SlideshowProps) {
  return (
    <Island fallback={<FirstSlide {...props} />}>
      <Slideshow {...props} />
    </Island>
  );
}

/** The first slide alone, in the carousel's box: what shows while the code loads after a navigation. */
function FirstSlide({ label, className, children }: SlideshowProps) {
  return (
    <div role="group" aria-label={label} className={[styles.carousel, className].filter(Boolean).join(" ")}>
      <div className={styles.slide}>{children[0]}</div>
    </div>
  );
}

/** Every slide, one under the other: the carousel when its code could not load. */
function AllSlides({ label, className, children }: SlideshowProps) {
  return (
    <div role="group" aria-label={label} className={className}>
      {children}
    </div>
  );
}
