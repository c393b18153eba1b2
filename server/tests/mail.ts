// The tests' mail server: `npm run mail:catch`'s SMTP server (smtp-server), writing each
// message it accepts to a folder, which the tests read back with mailparser.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { startCatcher, type Catcher } from "../enquiry/catcher";

export class Inbox {
  readonly folder = fs.mkdtempSync(path.join(os.tmpdir(), "inbox-test-"));
  private catcher: Catcher | undefined;

  /** 0 until first opened on any free port; kept, so a closed inbox reopens at the same address. */
  port = 0;

  /** An inbox open on a free port. */
  static async create(): Promise<Inbox> {
    const inbox = new Inbox();
    await inbox.open();
    return inbox;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Starts taking mail (or refusing each message with `refuse`, as a real server's 5xx). */
  async open(refuse?: { code: number; text: string }): Promise<void> {
    await this.close();
    this.catcher = await startCatcher(this.folder, this.port, refuse);
    this.port = this.catcher.port;
  }

  /** Stops answering: connections are refused, as with a mail server that is down. */
  async close(): Promise<void> {
    await this.catcher?.close();
    this.catcher = undefined;
  }

  files(): string[] {
    return fs
      .readdirSync(this.folder)
      .filter((name) => name.endsWith(".eml"))
      .map((name) => path.join(this.folder, name));
  }

  /** The raw messages that carry this enquiry reference. */
  withReference(reference: string): Buffer[] {
    return this.files()
      .map((file) => fs.readFileSync(file))
      .filter((raw) => raw.includes(`X-Enquiry-Reference: ${reference}`));
  }

  /** The envelope recipients (RCPT TO) of each message that carries this enquiry reference. */
  recipientsOf(reference: string): string[][] {
    return this.files()
      .filter((file) => fs.readFileSync(file).includes(`X-Enquiry-Reference: ${reference}`))
      .map((file) => fs.readFileSync(`${file}.to`, "utf8").split("\n").filter(Boolean));
  }

  /** Waits for `count` messages of this reference; returns the first, parsed. */
  async waitFor(reference: string, count = 1, timeout = 60_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeout;
    while (this.withReference(reference).length < count) {
      if (Date.now() > deadline) throw new Error(`no ${count} message(s) for ${reference} in ${this.folder}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return simpleParser(this.withReference(reference)[0]);
  }
}
