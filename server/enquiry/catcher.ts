// A local SMTP server that writes each message it accepts to a folder as an .eml file:
// `npm run mail:catch` to try the form by hand, and the tests' mail server. Debian's
// servers are for the real thing; this one never relays anything.
import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { writeFileAtomic } from "../lib/files";

/** Messages taken by this process: file names sort in the order they arrived, even within a millisecond. */
let taken = 0;

export interface Catcher {
  port: number;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1:`port` and writes each accepted message to `folder`. `refuse`
 * (an SMTP code and text) makes it refuse every message after the data, as a real
 * server's 4xx or 5xx would.
 */
export function startCatcher(folder: string, port: number, refuse?: { code: number; text: string }): Promise<Catcher> {
  fs.mkdirSync(folder, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 25 * 1024 * 1024,
    // Stopping drops open connections at once (a client's kept-alive one too), as a crash would.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refuse) return callback(Object.assign(new Error(refuse.text), { responseCode: refuse.code }));
        taken += 1;
        const name = `${Date.now()}-${String(taken).padStart(8, "0")}-${crypto.randomBytes(4).toString("hex")}.eml`;
        // Who the message was delivered to (the envelope's RCPT TO), beside it and first.
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
        writeFileAtomic(path.join(folder, `${name}.to`), `${recipients.join("\n")}\n`);
        // Written whole before the client hears "250": a test reading the folder sees complete files.
        writeFileAtomic(path.join(folder, name), Buffer.concat(chunks));
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    // Port 0: any free port; the Catcher says which.
    server.listen(port, "127.0.0.1", () => {
      const bound = (server.server.address() as AddressInfo).port;
      resolve({ port: bound, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

if (require.main === module) {
  const folder = path.resolve(process.env.MAIL_DIR || path.join(__dirname, "..", "..", ".host", "mail"));
  const port = Number(process.env.MAIL_PORT || 2525);
  startCatcher(folder, port).then(() =>
    console.log(`mail:catch: SMTP on 127.0.0.1:${port}; each message becomes an .eml file in ${folder}`),
  );
}
