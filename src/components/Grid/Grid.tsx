import React from "react";
import { BREAKPOINTS, columnsAt, type MaxColumns } from "./columns";
import * as styles from "./Grid.module.css";

export interface GridProps {
  /** The most columns from each breakpoint up; one column where none is named yet. */
  max: MaxColumns;
  className?: string;
  /** One <li> per card. */
  children: React.ReactNode;
}

/**
 * A list laid out as a grid of equal columns, as many as fit each width without a lone
 * card on the last row (columns.ts). The counts go to the CSS as custom properties.
 */
export function Grid({ max, className, children }: GridProps) {
  const at = columnsAt(React.Children.count(children), max);
  const style: Record<string, string | number> = {};
  for (const breakpoint of BREAKPOINTS) {
    style[`--${breakpoint}`] = at[breakpoint].columns;
    style[`--${breakpoint}-last`] = at[breakpoint].lastSpans ? "1 / -1" : "auto";
  }
  return (
    <ul className={`${styles.grid} ${className ?? ""}`} style={style}>
      {children}
    </ul>
  );
}
