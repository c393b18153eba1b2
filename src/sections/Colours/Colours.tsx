import { graphql } from "gatsby";
import React from "react";
import { Picture, type ContentImage } from "../../components/Picture";
import { Grid } from "../../components/Grid";
import { Section } from "../../components/Section";
import * as styles from "./Colours.module.css";

export interface ColoursProps {
  anchor?: string | null;
  eyebrow?: string | null;
  title: string;
  intro?: string | null;
  colours: readonly { name: string; swatch: string; photo?: ContentImage; note?: string | null }[];
}

/**
 * A colour card. Each name and note is text on the page's own background, never on the
 * swatch, so it reads at the page's contrast whatever the colour; the swatch (and a photo
 * on it) only shows the shade, so it is hidden from screen readers, which read the name.
 */
export function Colours({ anchor, eyebrow, title, intro, colours }: ColoursProps) {
  return (
    <Section id={anchor} eyebrow={eyebrow} title={title} intro={intro}>
      <Grid max={{ xs: 4, md: 5, lg: 8 }} className={styles.list}>
        {colours.map((colour, index) => (
          <li key={`${index}-${colour.name}`} className={styles.item}>
            <span
              className={styles.swatch}
              style={{ "--swatch": colour.swatch } as React.CSSProperties}
              aria-hidden="true"
            >
              {colour.photo && <Picture image={colour.photo} alt="" className={styles.photo} />}
            </span>
            <span className={styles.name}>{colour.name}</span>
            {colour.note && <span className={styles.note}>{colour.note}</span>}
          </li>
        ))}
      </Grid>
    </Section>
  );
}

/** What the page's query asks of a colour card (photos small: a swatch is a few centimetres). */
export const fragment = graphql`
  fragment ColoursFields on ColoursSection {
    anchor
    eyebrow
    title
    intro
    colours {
      name
      swatch
      photo {
        childImageSharp {
          gatsbyImageData(width: 240, breakpoints: [240, 480])
        }
      }
      note
    }
  }
`;

/** No behaviour: the build's HTML is kept as it is. */
export const interactive = false;
