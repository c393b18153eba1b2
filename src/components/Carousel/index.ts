export { Carousel, slidePosition, type CarouselLabels } from "./Carousel";
