import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { copyWithoutAppScripts, withoutAppScripts } from "../scripts/lib/withoutAppScripts";

// The audit's --floor copy: the page a visitor gets with the app's scripts blocked.
const page = (body: string) =>
  `<html><head><script type="application/ld+json">{"a":1}</script></head><body><main>text</main>` +
  `<script src="/inline-1.js"></script>${body}</body></html>`;
const appScripts =
  '<!-- slice-start --><script\n  id="gatsby-chunk-mapping" src="/inline-2.js"></script><script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script>' +
  '<script src="/app-3.js" async></script><script data-page-chunk src="/commons-4.js" async></script>';

describe("the build without the app's scripts", () => {
  it("drops webpack's async scripts and keeps the HTML, the early script and data blocks", () => {
    expect(withoutAppScripts(page(appScripts))).toBe(page("<!-- slice-start -->"));
  });

  it("copies a build with every page stripped and every other file as it was", () => {
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), "floor-test-"));
    try {
      const from = path.join(temp, "public");
      const to = path.join(temp, "floor");
      fs.mkdirSync(path.join(from, "consultancy"), { recursive: true });
      fs.writeFileSync(path.join(from, "index.html"), page(appScripts));
      fs.writeFileSync(path.join(from, "consultancy", "index.html"), page(appScripts));
      fs.writeFileSync(path.join(from, "app-3.js"), "app()");
      copyWithoutAppScripts(from, to);
      for (const file of ["index.html", "consultancy/index.html"])
        expect(fs.readFileSync(path.join(to, file), "utf8")).toBe(page("<!-- slice-start -->"));
      expect(fs.readFileSync(path.join(to, "app-3.js"), "utf8")).toBe("app()");
      expect(fs.readFileSync(path.join(from, "index.html"), "utf8")).toBe(page(appScripts));
    } finally {
      fs.rmSync(temp, { recursive: true, force: true });
    }
  });
});
