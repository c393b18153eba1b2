// `npm run test:install`'s helpers for the server's own checks (issue 36): the messages
// postfix delivered for one address, read from root's mailbox as the operator's mail
// program would, and a wait for one, with `sitectl watch` run as the timer would.
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { simpleParser } from "mailparser";
import type { Machine } from "./machine";

export interface Mail {
  /** The address postfix was asked to deliver it to (X-Original-To). */
  to: string;
  subject: string;
  text: string;
  /** Whether it has an HTML part, and the PNG pictures it carries. */
  html: boolean;
  pictures: number;
}

/** Where each machine's mailbox ended when the phase running now began. */
const phaseStarts = new Map<string, number>();

/**
 * Marks where root's mailbox ends now, as a phase begins: what it waits for must arrive
 * after this, so that a phase run again (`--only`) never takes an earlier run's message.
 */
export function markMailbox(machine: Machine): void {
  const file = machine.file("/var/mail/root");
  phaseStarts.set(machine.name, fs.existsSync(file) ? fs.statSync(file).size : 0);
}

/**
 * Every message in root's mailbox that postfix delivered for `address` since the phase
 * began (or since the machine's start, with `whole`), oldest first.
 */
export async function mailsTo(machine: Machine, address: string, { whole = false } = {}): Promise<Mail[]> {
  const file = machine.file("/var/mail/root");
  const from = whole ? 0 : (phaseStarts.get(machine.name) ?? 0);
  const box = fs.existsSync(file) ? fs.readFileSync(file).subarray(from).toString("utf8") : "";
  const messages = box.split(/^From \S+ .*\n/m).filter((chunk) => chunk.trim());
  const parsed = await Promise.all(
    messages.map(async (raw) => {
      const mail = await simpleParser(raw.replace(/^>From /gm, "From "));
      const to = String(mail.headers.get("x-original-to") ?? "").trim();
      const pictures = mail.attachments.filter((file) => file.contentType === "image/png").length;
      return { to, subject: mail.subject ?? "", text: mail.text ?? "", html: typeof mail.html === "string", pictures };
    }),
  );
  return parsed.filter((mail) => mail.to === address);
}

/**
 * Waits for a message to `address` whose subject matches, running the server's checks
 * (`sitectl watch`, through its unit) unless `trigger` is false; returns it and the seconds
 * it took. A run the timer started a moment earlier may not have seen the cause: the
 * checks run again, up to `runs` times.
 */
export async function told(
  machine: Machine,
  address: string,
  subject: RegExp,
  { trigger = true, runs = 3, timeoutMs = 120_000 } = {},
): Promise<{ mail: Mail; seconds: number; output: string }> {
  const started = Date.now();
  let output = "";
  const find = async () => (await mailsTo(machine, address)).find((mail) => subject.test(mail.subject));
  for (let run = 0; run < (trigger ? runs : 1); run++) {
    if (trigger) {
      const ran = machine.run("sitectl watch");
      output += ran.stdout + ran.stderr;
    }
    const deadline = Date.now() + (trigger ? 30_000 : timeoutMs);
    while (Date.now() < deadline) {
      const mail = await find();
      if (mail) return { mail, seconds: Math.round((Date.now() - started) / 1000), output };
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  const subjects = (await mailsTo(machine, address)).map((mail) => mail.subject).join("\n");
  throw new Error(
    `no message to ${address} matching ${subject}; the watch said:\n${output}\nthe mailbox holds:\n${subjects}`,
  );
}

/**
 * The first document in the machine's content (its pages, then its service pages): the
 * name staffSaveFile takes, the path to it in the file, and its title.
 */
export function firstDocument(machine: Machine): {
  name: string;
  path: (string | number)[];
  title: string;
  /** Its page's address, and the file's name as the page links it. */
  route: string;
  fileName: string;
} {
  const content = machine.file("/srv/site/host/repo/content");
  const names = [
    ...fs.readdirSync(content).filter((file) => file.endsWith(".yaml")),
    ...fs.readdirSync(path.join(content, "services")).map((file) => `services/${file}`),
  ].map((file) => file.replace(/\.yaml$/, ""));
  for (const name of names) {
    // Each file's English (en:): where its documents are stated.
    const data = (
      YAML.parse(fs.readFileSync(path.join(content, `${name}.yaml`), "utf8")) as {
        en: {
          slug?: string;
          sections?: { type: string; documents?: { title: string; file: string }[] }[];
        };
      }
    ).en;
    const index = (data.sections ?? []).findIndex(
      (section) => section.type === "documents" && section.documents?.length,
    );
    if (index >= 0) {
      const document = data.sections![index].documents![0];
      return {
        name,
        path: ["en", "sections", index, "documents", 0],
        title: document.title,
        route: data.slug ? `/${data.slug}` : "/",
        fileName: path.basename(document.file),
      };
    }
  }
  throw new Error("no page of the content offers a document: the daily republish cannot be shown on it");
}
