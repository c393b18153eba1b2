export { StandardHero, type StandardHeroProps } from "./StandardHero";
