import type { AnimationHandler } from "react-responsive-carousel/lib/ts/components/Carousel/types";

/**
 * The slideshow's cross-fade, given to the carousel library as its `animationHandler`:
 * the shown slide opaque, the others transparent, the change taking `transitionTime`.
 * Carousel.module.css stacks the slides in one grid cell, so no slide needs a position
 * of its own. The library's own handlers (its slide animation, its swiping) are left out
 * of the visitors' scripts (gatsby-node.ts, UNUSED_MODULES): about 0.7 KB gzipped.
 */
export const fade: AnimationHandler = ({ transitionTime }) => {
  const slideStyle = {
    opacity: 0,
    transitionProperty: "opacity",
    transitionDuration: `${transitionTime}ms`,
    transitionTimingFunction: "ease-in-out",
  };
  return { slideStyle, prevStyle: slideStyle, selectedStyle: { ...slideStyle, opacity: 1 } };
};
