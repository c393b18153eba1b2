// The content checker's worker thread (checker.ts): worker threads do not inherit tsx's
// loader from `node --import tsx`, so it is registered here before the TypeScript loads.
require("tsx/cjs/api").register();
require("./checkWorker.ts");
