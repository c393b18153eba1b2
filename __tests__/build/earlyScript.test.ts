/**
 * @jest-environment node
 */
// The early script as pages get it: one bundled file that runs on its own. Run here in a
// bare context with nothing but a document, so a helper left outside the bundle fails
// as it would in a browser (a ReferenceError). e2e/hydration.spec.ts runs the real pages
// with the app's scripts blocked.
import vm from "node:vm";
import path from "node:path";
import { bundleEarlyScript } from "../../src/build/earlyScript";

const projectDir = path.resolve(__dirname, "../..");

describe("the bundled early script", () => {
  let script: string;
  beforeAll(async () => {
    script = await bundleEarlyScript(projectDir);
  });

  it("is one classic script, without imports or exports", () => {
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    expect(script.length).toBeGreaterThan(0);
  });

  it("runs in a bare page on its own: reveals, listens for the menu tap, and loads the map when near", () => {
    const listened: string[] = [];
    const revealed: string[] = [];
    const element = (name: string) => ({
      classList: { add: (cls: string) => revealed.push(`${name}.${cls}`) },
      getAttribute: () => null,
      removeAttribute: () => undefined,
    });
    const document = {
      querySelectorAll: (selector: string) => (selector.includes("reveal") ? [element("section")] : []),
      addEventListener: (type: string) => listened.push(type),
    };
    // No IntersectionObserver: the script reveals everything at once, as in an old browser.
    vm.runInNewContext(script, { document });
    expect(revealed).toEqual(["section.show"]);
    expect(listened).toEqual(["click"]);
  });
});
