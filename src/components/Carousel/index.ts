export { Carousel, type CarouselLabels } from "./Carousel";
export { slidePosition } from "./slidePosition";
