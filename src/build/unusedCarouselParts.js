// Stands in for three parts of react-responsive-carousel in the visitors' scripts
// (gatsby-node.ts, UNUSED_MODULES): its thumbnail strip, its swipe handler
// (react-easy-swipe) and its animation handlers. Every carousel here is drawn with
// showThumbs={false}, swipeable={false} and its own cross-fade
// (src/components/Carousel/Slideshow.tsx, fade.ts), yet the library requires all three:
// about 3.7 KB of a page's gzipped JavaScript. Should a carousel ever ask for one, it
// fails loudly here instead of drawing a carousel without it.
export default function UnusedCarouselPart() {
  throw new Error(
    "Carousel thumbnails and swiping are left out of the site's scripts (gatsby-node.ts, UNUSED_MODULES).",
  );
}

// The names the library reads from its animations module (its default props name them).
export {
  UnusedCarouselPart as slideAnimationHandler,
  UnusedCarouselPart as slideSwipeAnimationHandler,
  UnusedCarouselPart as slideStopSwipingHandler,
  UnusedCarouselPart as fadeAnimationHandler,
};
