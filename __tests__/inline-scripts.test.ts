import { withoutNulBytes } from "../src/build/finishPages";
import { moveInlineScripts } from "../src/build/inlineScripts";

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
