import React from "react";
import { Island } from "../Island";
import type { SlideshowProps } from "./Slideshow";
import * as styles from "./Carousel.module.css";

export type { CarouselLabels } from "./Slideshow";

// The slideshow and the carousel library come in a file of their own, fetched as soon
// as a page with a carousel starts. Evaluating them is then a task of its own, not part
// of the task that starts the page (shorter tasks on a slow phone).
let Slideshow: typeof import("./Slideshow").Slideshow | undefined;
let failed = false;
/** Settles once the slideshow's code has loaded (or failed to). */
export const slideshowLoaded: Promise<void> = import("./Slideshow").then(
  (module) => {
    Slideshow = module.Slideshow;
  },
  () => {
    failed = true;
  },
);

/** A carousel, hydrated in a pass of its own (Island) once its code is here. */
export function Carousel(props: SlideshowProps) {
  return (
    <Island fallback={<FirstSlide {...props} />}>
      <LoadedSlideshow {...props} />
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

function LoadedSlideshow(props: SlideshowProps) {
  // Until the code is here, suspend (the way React.lazy does, without suspending again
  // once it is loaded): the Island keeps the build's HTML on screen meanwhile.
  if (Slideshow) return <Slideshow {...props} />;
  // If it could not load, every slide still shows, one under the other.
  if (failed) {
    return (
      <div role="group" aria-label={props.label} className={props.className}>
        {props.children}
      </div>
    );
  }
  throw slideshowLoaded;
}
