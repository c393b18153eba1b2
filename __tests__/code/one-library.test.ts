// One library per job (CONTRIBUTING.md, "One library per job"): YAML is read and written
// with `yaml` alone, and each HTTP stack serves only where it is needed. Express is what
// decap-server's middleware plugs into (the editor; Gatsby's own development server for
// its proxy), Fastify is every service of our own; node:http serves nothing in production
// (the tests' stand-ins for a CDN or a bucket, and clients, may use it).
import fs from "node:fs";
import { execFileSync } from "node:child_process";

const sources = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.(ts|tsx|mjs|cjs|js)$/.test(file) && fs.existsSync(file));

const TESTS = /^(__tests__|e2e|server\/tests|scripts\/test-install)\//;

/** Where each library may be imported, by path. */
const ALLOWED: { library: RegExp; where: RegExp; why: string }[] = [
  { library: /^js-yaml$/, where: /^$/, why: "YAML is `yaml`'s (src/schema/yaml.ts)" },
  {
    library: /^express$/,
    where: /^(server\/editor\/|__tests__\/server\/editor|gatsby-config\.ts$)/,
    why: "decap-server's middleware and Gatsby's development server are Express",
  },
  { library: /^fastify$|^@fastify\//, where: /^server\/(enquiry|login)\/|^__tests__\//, why: "our own services" },
];

const importsOf = (text: string) =>
  [...text.matchAll(/(?:from\s+|require\(|import\()"([^"]+)"/g)].map((match) => match[1]);

it.each(ALLOWED.map((rule) => [rule.library.source, rule] as const))(
  "imports %s only where it serves",
  (_name, rule) => {
    const wrong = sources.filter(
      (file) =>
        !rule.where.test(file) && importsOf(fs.readFileSync(file, "utf8")).some((name) => rule.library.test(name)),
    );
    expect({ why: rule.why, wrong }).toEqual({ why: rule.why, wrong: [] });
  },
);

it("serves nothing with node:http outside the tests", () => {
  const serving = sources.filter(
    (file) => !TESTS.test(file) && /\bhttps?\.createServer\(/.test(fs.readFileSync(file, "utf8")),
  );
  expect(serving).toEqual([]);
});
