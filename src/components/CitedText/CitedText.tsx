import React, { createContext, useContext } from "react";
import { useLocalLink } from "../../language/PageLanguageContext";
import { citations, type CitedStandard } from "./citations";

// The standards with a page of their own, for every text that may name one (the key
// facts, a capability table's standard column). PageShell provides them.
const StandardsContext = createContext<readonly CitedStandard[]>([]);

export const StandardsProvider = StandardsContext.Provider;
export const useStandards = () => useContext(StandardsContext);

/** A text in which each standard with a page of its own links to that page. */
export function CitedText({ text }: { text: string }) {
  const standards = useStandards();
  const local = useLocalLink();
  return (
    <>
      {citations(text, standards).map((piece, index) =>
        piece.slug ? (
          <a key={index} href={local(`/${piece.slug}`)}>
            {piece.text}
          </a>
        ) : (
          <React.Fragment key={index}>{piece.text}</React.Fragment>
        ),
      )}
    </>
  );
}
