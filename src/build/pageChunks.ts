// Gatsby 5 writes only the app's scripts into a page: its scripts slice is the same on
// every page. The page's own chunks (its template, and the code templates share) were
// fetched only after the app had started and fetched the page's data: one more round
// trip before hydration on a slow network, and webpack building the script elements
// inside the page-data task, which made that task long on a slow phone (measured).
// The build writes them into each page as async scripts, after the slice (whose marks
// an incremental build looks for): they download alongside the app's, and webpack
// finds them in the page instead of adding its own.
import fs from "node:fs";
import path from "node:path";

const PAGE_CHUNK = /<script data-page-chunk src="[^"]*" async><\/script>/g;
const SCRIPTS_SLICE_END = '<!-- slice-end id="_gatsby-scripts-1" -->';

/** The page with `files` as its page-chunk scripts (replacing any it had), after Gatsby's scripts. */
export function withPageChunks(html: string, files: readonly string[]): string {
  const page = html.replace(PAGE_CHUNK, "");
  const at = page.indexOf(SCRIPTS_SLICE_END);
  if (at < 0 || files.length === 0) return page;
  const end = at + SCRIPTS_SLICE_END.length;
  const tags = files.map((file) => `<script data-page-chunk src="${file}" async></script>`).join("");
  return page.slice(0, end) + tags + page.slice(end);
}

/** The page-data file Gatsby writes for the page in `htmlFile` (index.html, a/index.html, 404.html). */
export function pageDataFile(publicDir: string, htmlFile: string): string {
  const relative = path.relative(publicDir, htmlFile).split(path.sep).join("/");
  const page = relative === "index.html" ? "index" : relative.replace(/\/index\.html$/, "");
  return path.join(publicDir, "page-data", page, "page-data.json");
}

/**
 * A function giving each page's chunk files ("/commons-….js", "/component---….js"),
 * read from the build's webpack stats and the page's data; none for a page without data.
 */
export function pageChunksOf(publicDir: string): (htmlFile: string) => string[] {
  const statsFile = path.join(publicDir, "webpack.stats.json");
  if (!fs.existsSync(statsFile)) return () => [];
  const stats = JSON.parse(fs.readFileSync(statsFile, "utf8")) as {
    namedChunkGroups: Record<string, { assets: { name: string }[] }>;
  };
  return (htmlFile) => {
    const dataFile = pageDataFile(publicDir, htmlFile);
    if (!fs.existsSync(dataFile)) return [];
    const { componentChunkName } = JSON.parse(fs.readFileSync(dataFile, "utf8")) as { componentChunkName: string };
    const assets = stats.namedChunkGroups[componentChunkName]?.assets ?? [];
    return assets
      .map((asset) => asset.name)
      .filter((name) => name.endsWith(".js"))
      .map((name) => `/${name}`);
  };
}
