import React, { useContext, useState } from "react";
import { isHydrating } from "../../browser/hydration";
import { InsideIsland } from "../Island/insideIsland";
import * as styles from "./ServerHtml.module.css";

interface Props {
  children: React.ReactNode;
}

/**
 * Wraps a part of the page that has no behaviour: text, pictures and plain links. On
 * the page a visitor lands on, React keeps the build's HTML of it as it is and skips it
 * while hydrating (an element whose content React sets with dangerouslySetInnerHTML is
 * never compared), so a slow phone spends no time on it. Rendered after a client-side
 * navigation, or on the server, it draws its children as usual.
 *
 * This relies on React 18 keeping server HTML under an empty dangerouslySetInnerHTML while
 * hydrating; React 19 replaces it (facebook/react#32975). Never inside an Island: an
 * Island hydrates after the page's first pass, when the build's HTML is no longer kept,
 * so its ServerHtml would be drawn again for nothing. Development builds and the tests
 * throw if one is (production builds leave the check out). The ServerHtml test fails if
 * React stops keeping it: do not upgrade React past 18 without another way to skip these parts.
 */
export function ServerHtml({ children }: Props) {
  const insideIsland = useContext(InsideIsland);
  if (insideIsland && process.env.NODE_ENV !== "production") {
    throw new Error("ServerHtml inside an Island: move it out (src/components/ServerHtml/ServerHtml.tsx says why).");
  }
  // Decided once, when it first appears: a later render must not replace the kept HTML.
  const [keep] = useState(isHydrating);
  if (keep) return <div className={styles.box} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  return <div className={styles.box}>{children}</div>;
}
