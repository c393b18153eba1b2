// Stands in for two parts of react-responsive-carousel in the visitors' scripts
// (gatsby-node.ts, UNUSED_MODULES): its thumbnail strip and its swipe handler
// (react-easy-swipe). Every carousel here is drawn with showThumbs={false} and
// swipeable={false} (src/components/Carousel/Slideshow.tsx), yet the library requires
// both: about 3 KB of a page's gzipped JavaScript. Should a carousel ever ask for one,
// it fails loudly here instead of drawing a carousel without it.
export default function UnusedCarouselPart() {
  throw new Error(
    "Carousel thumbnails and swiping are left out of the site's scripts (gatsby-node.ts, UNUSED_MODULES).",
  );
}
