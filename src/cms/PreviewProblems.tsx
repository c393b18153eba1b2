import React from "react";
import type { Problem } from "../schema/validate";

/** What the build would say of an entry, shown in the preview pane instead of the page. */
export function PreviewProblems({ problems }: { problems: readonly Problem[] }) {
  return (
    <section className="preview-problems" role="alert">
      <h2>The site cannot show this yet</h2>
      <p>Fix these fields, and the page appears here:</p>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.field}:${problem.message}`}>
            <strong>{problem.field || "(whole entry)"}</strong>: {problem.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A translation's preview: the words it still lacks, above the page drawn with the English
 * in their place. Until they are all there, the page is not published in that language.
 */
export function PreviewMissing({ problems, language }: { problems: readonly Problem[]; language: string }) {
  return (
    <section className="preview-problems" role="status">
      <h2>Not on the {language} site yet</h2>
      <p>
        The {language} page is published once these fields have their {language} words:
      </p>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.field}:${problem.message}`}>
            <strong>{problem.field}</strong>: {problem.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
