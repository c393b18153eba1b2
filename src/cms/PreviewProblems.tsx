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
