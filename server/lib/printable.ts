// Text from outside (a service's records, a mail server's reply, a content path) as it may
// be shown on an operator's terminal or put in a message: control characters, and with
// them escape sequences, removed; lines and tabs kept.
import { StringDecoder } from "node:string_decoder";

/** The text without control characters (C0 but newline and tab, DEL, C1). */
export const printable = (text: string) => text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");

/**
 * From now on, whatever this process writes to its output passes printable(), wherever it
 * goes: a terminal, a pipe (`sitectl doctor | tee`), a file, a cron mail. A record a service
 * wrote cannot retitle, clear or rewrite root's terminal (or, in some terminals, type into
 * it), not even when the operator reads the saved output later. Bytes that must stay as
 * they are (a drawing, an .eml) go to a file the operator names, not to the output
 * (sitectl enquiries --export ID FILE). sitectl calls it first; the scripts it runs as a
 * service's user preload it (./printableOutput.ts).
 */
export function printableOutput(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    const write = stream.write.bind(stream) as (text: string, callback?: (error?: Error | null) => void) => boolean;
    // A character cut between two writes is decoded whole.
    const decoder = new StringDecoder("utf8");
    stream.write = ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
      const done = typeof encoding === "function" ? encoding : callback;
      const text =
        typeof chunk === "string"
          ? chunk
          : decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      return write(printable(text), done as ((error?: Error | null) => void) | undefined);
    }) as NodeJS.WriteStream["write"];
  }
}
