// axe-core as every browser test runs it: WCAG 2.2 A and AA and axe's best practices.
// Two options of @axe-core/playwright's documented API halve its time (measured on the
// home page, idle machine: 3.9 s → 1.4 s): legacy mode runs axe in the page itself instead
// of gathering the frames' results in a new blank page (our only frame is the footer's map,
// another site, which is excluded anyway), and `resultTypes: ["violations"]` makes axe
// collect every node for violations only, not for the thousands of passes nobody reads.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe's violations on the page as it is now (only `include`'s part if given), one line each. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page })
    .withTags(TAGS)
    // The map is another site's page in a frame; its title is checked, not its insides.
    .exclude("footer iframe")
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
