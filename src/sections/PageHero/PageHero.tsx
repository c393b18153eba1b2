import { Picture, type ContentImage } from "../../components/Picture";
import React from "react";
import * as styles from "./PageHero.module.css";

export interface PageHeroProps {
  title: string;
  text?: string | null;
  image: ContentImage | null;
  imageAlt: string;
}

/** The banner at the top of a service page, holding its one h1. */
export function PageHero({ title, text, image, imageAlt }: PageHeroProps) {
  return (
    <section className={styles.hero}>
      <Picture image={image} alt={imageAlt} className={styles.image} priority />
      <div className={styles.text}>
        <h1 className={styles.title}>{title}</h1>
        {text && <p className={styles.lead}>{text}</p>}
      </div>
    </section>
  );
}
