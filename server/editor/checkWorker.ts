// Runs in the content checker's worker thread: one check per message, answered in kind.
import { parentPort } from "node:worker_threads";
import type { Answer } from "./checker";
import { validateChange } from "./guard";
import { Refusal } from "../lib/refusal";

const port = parentPort!;
port.on(
  "message",
  ({ repo, write, remove }: { repo: string; write: [string, string | Uint8Array][]; remove: string[] }) => {
    let answer: Answer;
    try {
      validateChange(repo, { write: new Map(write), remove });
      answer = { ok: true };
    } catch (error) {
      answer =
        error instanceof Refusal
          ? { status: error.status, message: error.message }
          : { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(answer);
  },
);
