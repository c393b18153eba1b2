// `sitectl backup FILE [--with-certificates]`: one file holding what the server alone
// has (backups/stage.ts gathers it): the content repository, the editor's logins,
// the enquiry spool, the operator's settings, the report's history, the watch's state and,
// if asked, the certificates. Everything else (the code, the releases) comes back from the
// repository. `sitectl restore` reads it; `sitectl backups` keeps the same off the server
// by itself, every hour.
import fs from "node:fs";
import path from "node:path";
import { syncFolder } from "../lib/files";
import { readInstallSettings } from "../installed/layout";
import { PART, stagingFolder } from "../backups/file";
import { FILE_KEY, readFileKey, sign } from "../backups/signature";
import { stageBackup } from "../backups/stage";
import { Failure, count, must, say } from "../installed/shell";
import type { Command } from "./command";

function backup(args: string[]): number {
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file) throw new Failure("usage: sitectl backup FILE [--with-certificates]");
  const target = path.resolve(file);
  if (fs.existsSync(target))
    throw new Failure(`${target} exists already; give a new name (a backup never overwrites a file).`);
  if (!fs.existsSync(path.dirname(target))) throw new Failure(`the folder ${path.dirname(target)} does not exist.`);
  const settings = readInstallSettings();
  if (!settings) throw new Failure("the site is not installed here: nothing to back up.");
  const withCertificates = args.includes("--with-certificates");

  const staging = stagingFolder();
  try {
    const manifest = stageBackup(staging, settings, withCertificates);
    sign(path.join(staging, PART.manifest), path.join(staging, PART.signature));
    const { head, enquiries } = manifest;
    // Written beside the target and renamed once complete: a half-written backup never has its name.
    const partial = `${target}.partial-${process.pid}`;
    fs.closeSync(fs.openSync(partial, "w", 0o600));
    try {
      must("tar", ["-C", staging, "-czf", partial, "."]);
      const fd = fs.openSync(partial, "r");
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fs.renameSync(partial, target);
      syncFolder(path.dirname(target));
    } finally {
      fs.rmSync(partial, { force: true });
    }
    const size = (fs.statSync(target).size / 2 ** 20).toFixed(1);
    say(`Backup written: ${target} (${size} MB, readable by root only).`);
    say(`  content repository at ${head.slice(0, 7)}, ${count(manifest.logins, "editor login")},`);
    say(`  enquiries: ${enquiries.pending} waiting, ${enquiries.failed} failed, ${enquiries.sent} sent; settings;`);
    say(`  the report's history (${count(manifest.history?.visitsFiles ?? 0, "visits log")}) and the watch's state;`);
    say(`  ${withCertificates ? "certificates included" : "no certificates (--with-certificates to include them)"}.`);
    for (const name of manifest.leftOut ?? []) say(`  left out (not one of that folder's files): ${name}`);
    say("Keep it off this server; put it back with: sitectl restore FILE");
    say(`It is signed with this server's key. On another server, restore asks for it (keep it apart from the file):`);
    say(`  ${FILE_KEY}=${readFileKey()}`);
    return 0;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export const command: Command = {
  name: "backup",
  usage: ["backup FILE [--with-certificates]"],
  summary: "content, logins, enquiries and settings in one file",
  run: backup,
};
