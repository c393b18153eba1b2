import { graphql } from "gatsby";
import { CitedText } from "../../components/CitedText";
import React from "react";
import { Section } from "../../components/Section";
import * as styles from "./Capabilities.module.css";

type Row = { property: string; value: string; unit?: string | null; standard?: string | null };

export interface CapabilitiesProps {
  anchor?: string | null;
  eyebrow?: string | null;
  title: string;
  intro?: string | null;
  columns: { property: string; value: string; unit: string; standard: string };
  groups: readonly { heading?: string | null; rows: readonly Row[] }[];
}

/**
 * A specification table: a real <table> with column and row headers on wide screens; on
 * a phone each row reads as label/value pairs (the column's heading before each value,
 * from data-label), with no sideways scrolling. The unit and standard columns show only
 * when some row fills them.
 */
export function Capabilities({ anchor, eyebrow, title, intro, columns, groups }: CapabilitiesProps) {
  const rows = groups.flatMap((group) => group.rows);
  const shown: (keyof Row)[] = [
    "value",
    ...(rows.some((row) => row.unit) ? (["unit"] as const) : []),
    ...(rows.some((row) => row.standard) ? (["standard"] as const) : []),
  ];
  return (
    <Section id={anchor} eyebrow={eyebrow} title={title} intro={intro}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{columns.property}</th>
            {shown.map((column) => (
              <th key={column} scope="col">
                {columns[column]}
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((group, index) => (
          <tbody key={index}>
            {group.heading && (
              <tr className={styles.group}>
                <th scope="colgroup" colSpan={shown.length + 1}>
                  {group.heading}
                </th>
              </tr>
            )}
            {group.rows.map((row, at) => (
              <tr key={at}>
                <th scope="row">{row.property}</th>
                {shown.map((column) => (
                  <td key={column} data-label={columns[column]} className={row[column] ? undefined : styles.empty}>
                    {column !== "unit" && row[column] ? <CitedText text={row[column]!} /> : row[column]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </Section>
  );
}

/** What the page's query asks of a capabilities section. */
export const fragment = graphql`
  fragment CapabilitiesFields on CapabilitiesSection {
    anchor
    eyebrow
    title
    intro
    columns {
      property
      value
      unit
      standard
    }
    groups {
      heading
      rows {
        property
        value
        unit
        standard
      }
    }
  }
`;

/** No behaviour: the build's HTML is kept as it is. */
export const interactive = false;
