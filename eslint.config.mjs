// Lint for the project's own TypeScript: type-aware basics, React hooks and accessibility.
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// The site's rules that live in code, not in a reviewer's memory (CONTRIBUTING.md).
const siteRules = [
  {
    selector: "TSAsExpression > TSAsExpression, TSAsExpression > TSTypeAssertion, TSTypeAssertion > TSAsExpression",
    message: "No double assertion: derive the type from the schema or the query instead.",
  },
  {
    selector: "TSAsExpression[typeAnnotation.type='TSAnyKeyword']",
    message: "No `as any`.",
  },
  {
    selector: "JSXAttribute[name.name='target']",
    message: "A link to another host goes through ExternalLink (src/components/ExternalLink), which sets its rel.",
  },
];
// A section's title is its only h2 (the outline the build checks): Section draws it.
const sectionRules = [
  ...siteRules,
  {
    selector: "JSXOpeningElement[name.name='h2']",
    message: "A section's h2 is its title: draw it with Section, or SectionHeading (src/components/Section).",
  },
];

export default tseslint.config(
  { ignores: ["public/", ".cache/", "node_modules/", "src/gatsby-types.d.ts", "coverage/", "reports/"] },
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    // The site's code says what it means: no `any`, no double assertion (`x as unknown as T`),
    // no switched-off type checks. Types come from the content schema and the queries.
    files: ["src/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": [
        "error",
        { "ts-expect-error": true, "ts-ignore": true, "ts-nocheck": true },
      ],
      "no-restricted-syntax": ["error", ...siteRules],
      // The visitors' scripts leave these out of Gatsby's runtime (gatsby-node.ts, UNUSED_MODULES).
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "gatsby",
              importNames: ["Script", "Slice"],
              message:
                "Left out of the visitors' scripts (gatsby-node.ts, UNUSED_MODULES): take it out of that list first.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/sections/**"],
    rules: { "no-restricted-syntax": ["error", ...sectionRules] },
  },
  {
    files: ["__tests__/**", "__mocks__/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The server takes from the site only what src/contract/ states, so a reader of the site
    // sees what the server relies on (CONTRIBUTING.md, "How the server is laid out").
    files: ["server/**"],
    ignores: ["server/tests/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)src/(?!contract/)",
              message: "server/ imports the site only through src/contract/: add the name there.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
