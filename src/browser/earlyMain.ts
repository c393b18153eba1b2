// The early script's entry: the build bundles this file, with what it imports, into one
// self-contained script (src/build/earlyScript.ts) that ends every page.
import { loadMapWhenNear, menuBeforeHydration, revealOnScroll } from "./early";

revealOnScroll(document);
menuBeforeHydration(document);
loadMapWhenNear(document);
