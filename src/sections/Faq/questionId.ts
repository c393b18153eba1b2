/**
 * Each question's id, so a link can point at it (/page#faq-which-alloys-do-you-anodise):
 * the section's anchor (or "faq") and the question's Latin letters and digits, or its
 * position when it has none (a question in Devanagari); a question asked twice gets its
 * position too.
 */
export function questionIds(anchor: string | null | undefined, questions: readonly { question: string }[]): string[] {
  const seen = new Set<string>();
  return questions.map(({ question }, index) => {
    const words = question
      .normalize("NFKD")
      .toLowerCase()
      // Latin letters and digits only, as links in content allow (src/schema/patterns.ts LINK).
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/, "");
    let id = `${anchor || "faq"}-${words || index + 1}`;
    if (seen.has(id)) id = `${id}-${index + 1}`;
    seen.add(id);
    return id;
  });
}
