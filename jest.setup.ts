import "@testing-library/jest-dom";
import { TextDecoder, TextEncoder } from "node:util";

// jsdom lacks these; React's server renderer (renderToString in ServerHtml's tests) needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
