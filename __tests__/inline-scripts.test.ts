import { withoutNulBytes } from "../src/build/finishPages";
import { moveInlineScripts } from "../src/build/inlineScripts";
import { pageDataFile, withPageChunks } from "../src/build/pageChunks";

describe("moving Gatsby's inline scripts to files", () => {
  it("joins adjacent scripts into one file, in order, but not across Gatsby's slice marks", () => {
    const saved: string[] = [];
    const html =
      '<p>page</p><script>early()</script>\n<script id="gatsby-script-loader">window.pagePath="/";</script>' +
      "<!-- slice-start -->\n<script>window.___chunkMapping={};</script><script>window.hash=1</script>" +
      '<script src="/webpack-runtime.js" async></script><script src="/app.js" async></script>';
    const out = moveInlineScripts(html, (body) => {
      saved.push(body);
      return `/inline-${saved.length}.js`;
    });
    expect(out).toBe(
      '<p>page</p><script src="/inline-1.js"></script><!-- slice-start -->\n<script src="/inline-2.js"></script>' +
        '<script src="/webpack-runtime.js" async></script><script src="/app.js" async></script>',
    );
    expect(saved).toEqual(['early()\n;\nwindow.pagePath="/";', "window.___chunkMapping={};\n;\nwindow.hash=1"]);
  });

  it("moves running scripts, in place and with their attributes, and leaves data blocks", () => {
    const saved: string[] = [];
    const html =
      '<script type="application/ld+json">{"a":1}</script><script id="gatsby-script-loader">window.pagePath="/";</script>' +
      '<script type="module">import("x")</script><script src="/app.js" async></script>';
    const out = moveInlineScripts(html, (body) => {
      saved.push(body);
      return `/inline-${saved.length}.js`;
    });
    expect(out).toBe(
      '<script type="application/ld+json">{"a":1}</script><script id="gatsby-script-loader" src="/inline-1.js"></script>' +
        '<script type="module" src="/inline-2.js"></script><script src="/app.js" async></script>',
    );
    expect(saved).toEqual(['window.pagePath="/";', 'import("x")']);
  });
});

describe("NUL bytes left by React 18's streaming renderer", () => {
  it("are removed, leaving the text whole", () => {
    expect(withoutNulBytes("Main Road,\n\0\0पुणे — 411500")).toBe("Main Road,\nपुणे — 411500");
  });
});

describe("the page's own chunks, written into the page", () => {
  const slice =
    '<!-- slice-start id="_gatsby-scripts-1" --><script src="/app.js" async></script><!-- slice-end id="_gatsby-scripts-1" -->';

  it("follow Gatsby's scripts slice as async scripts, in order", () => {
    expect(withPageChunks(`<p>page</p>${slice}</body>`, ["/commons.js", "/component---page.js"])).toBe(
      `<p>page</p>${slice}<script data-page-chunk src="/commons.js" async></script>` +
        '<script data-page-chunk src="/component---page.js" async></script></body>',
    );
  });

  it("replace the ones a page already has (a page an incremental build left as it was)", () => {
    const once = withPageChunks(`${slice}</body>`, ["/component---old.js"]);
    expect(withPageChunks(once, ["/component---new.js"])).toBe(
      `${slice}<script data-page-chunk src="/component---new.js" async></script></body>`,
    );
  });

  it("are left out of a page without Gatsby's scripts or without chunks", () => {
    expect(withPageChunks("<p>admin</p></body>", ["/x.js"])).toBe("<p>admin</p></body>");
    expect(withPageChunks(`${slice}</body>`, [])).toBe(`${slice}</body>`);
  });

  it("are found from the page's data: index.html, a folder's index.html, 404.html", () => {
    expect(pageDataFile("/p", "/p/index.html")).toBe("/p/page-data/index/page-data.json");
    expect(pageDataFile("/p", "/p/anodizing/index.html")).toBe("/p/page-data/anodizing/page-data.json");
    expect(pageDataFile("/p", "/p/404.html")).toBe("/p/page-data/404.html/page-data.json");
  });
});
