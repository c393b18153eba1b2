export { Card, type CardProps } from "./Card";
