import { Picture, type ContentImage } from "../Picture";
import React from "react";
import { SmartLink } from "../SmartLink";
import * as styles from "./Card.module.css";

export interface CardProps {
  title: string;
  text: string;
  image: ContentImage | null;
  imageAlt: string;
  link: string;
  linkLabel: string;
  /** card: image above text, in a grid; teaser: a wide block with the image beside the text. */
  variant?: "card" | "teaser";
}

/** A service in brief, with a button to its page ('Learn More', 'Know more!'). */
export function Card({ title, text, image, imageAlt, link, linkLabel, variant = "card" }: CardProps) {
  return (
    <article className={`${styles.card} ${styles[variant]}`}>
      <Picture image={image} alt={imageAlt} className={styles.image} />
      <div className={styles.body}>
        <h3 className={styles.title}>{title}</h3>
        <p>{text}</p>
        <SmartLink to={link} className="button">
          {linkLabel}
          <span className="visually-hidden">: {title}</span>
        </SmartLink>
      </div>
    </article>
  );
}
