// nginx's visits log, read for the report: every file logrotate kept (access.log,
// access.log.1, access.log.2.gz, …), line by line in bounded memory, each line checked
// against nginx's combined format and written again from its parts. What GoAccess then
// reads is only well-formed lines with a shortened address, no login name, and fields cut
// to a sane length: a malformed line, a 10 KB referrer or an agent full of markup and
// control characters is dropped, cut or made plain here, whatever an older log holds.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import zlib from "node:zlib";
import type { Range } from "./periods";

/** The log nginx writes with deploy/nginx/access-log-http.conf's format. */
export const ACCESS_LOG = "access.log";

/** Longest path, referrer and agent kept: more says nothing to an owner. */
export const MAX_PATH = 300;
export const MAX_REFERRER = 300;
export const MAX_AGENT = 300;

/** Requests of staff (the editor, its API, the staff's pages): not visits. */
const STAFF = /^\/(admin(\/|$|\?)|api\/v1(\/|$|\?))/;
/**
 * What a page brings with it (scripts, styles, page data, images, fonts) and what robots
 * fetch: left out, so that GoAccess's hits are page views and it reads a tenth of the lines.
 */
const ASSET =
  /^\/(static|page-data|_gatsby|~partytown)\/|\.(m?js|css|json|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|webmanifest|txt|xml)(\?|$)/i;

/** The log files, oldest first: access.log.N.gz … access.log.1, access.log. */
export function logFiles(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const rotation = (name: string) => {
    if (name === ACCESS_LOG) return 0;
    const match = /^access\.log\.(\d{1,4})(\.gz)?$/.exec(name);
    return match ? Number(match[1]) : -1;
  };
  return names
    .filter((name) => rotation(name) >= 0)
    .sort((a, b) => rotation(b) - rotation(a))
    .map((name) => path.join(dir, name));
}

/** An IPv4 address without its last part, an IPv6 one with its first three groups only. */
export function maskAddress(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.0`;
  if (!/^[0-9a-f:]{2,39}$/i.test(address) || !address.includes(":")) return "::";
  const [head, tail = ""] = address.split("::");
  const groups = head ? head.split(":") : [];
  // Groups the "::" stands for are zeros.
  const missing = 8 - groups.length - (tail ? tail.split(":").length : 0);
  const all = [...groups, ...Array<string>(Math.max(0, missing)).fill("0"), ...(tail ? tail.split(":") : [])];
  const kept = all.slice(0, 3).map((group) => group.replace(/^0+(?=.)/, "").toLowerCase());
  while (kept.length && kept[kept.length - 1] === "0") kept.pop();
  return `${kept.join(":")}::`;
}

const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};

/** nginx's $time_local, "25/Nov/2026:10:00:00 +0530", as epoch ms (NaN when it is not one). */
export function logTime(text: string): number {
  const match = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(text);
  if (!match || !(match[2] in MONTHS)) return NaN;
  const [, day, month, year, hour, minute, second, sign, zoneHours, zoneMinutes] = match;
  const offset = (sign === "-" ? -1 : 1) * (Number(zoneHours) * 60 + Number(zoneMinutes)) * 60_000;
  return Date.UTC(+year, MONTHS[month], +day, +hour, +minute, +second) - offset;
}

const QUOTED = String.raw`"((?:[^"\\]|\\.)*)"`;
const COMBINED = new RegExp(
  String.raw`^(\S{1,64}) \S{1,256} \S{1,256} \[([^\]]{26})\] ${QUOTED} (\d{3}) (\d{1,15}|-) ${QUOTED} ${QUOTED}$`,
);

/** Control characters and quotes as nginx writes them (\x22), so a field stays one field. */
const plainField = (text: string, max: number) =>
  (text.length > max ? text.slice(0, max) : text)
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "?")
    .replace(/\\(?!x[0-9A-Fa-f]{2})/g, "\\x5C")
    .replace(/"/g, "\\x22")
    // A cut may leave half of an escape: drop it.
    .replace(/\\(x[0-9A-Fa-f]?)?$/, "");

export interface LogLine {
  time: number;
  /** The line as GoAccess reads it (combined format, made safe). */
  text: string;
}

/**
 * One line of the log, checked and written again; or why it is left out: malformed, or
 * "other" when it is not a visitor asking for a page (a staff request, a page's files, a
 * form posted, a scanner's bytes).
 */
export function parseLine(line: string): LogLine | "malformed" | "other" {
  const match = COMBINED.exec(line);
  if (!match) return "malformed";
  const [, address, time, request, status, bytes, referrer, agent] = match;
  const at = logTime(time);
  if (Number.isNaN(at)) return "malformed";
  const parts = /^([A-Z]{1,16}) (\S+) (HTTP\/[0-9.]{1,3})$/.exec(request);
  // A request that is no HTTP request (a scanner's bytes): nginx answered 400 to it.
  if (!parts) return "other";
  const [, method, target, protocol] = parts;
  if (STAFF.test(target) || ASSET.test(target) || (method !== "GET" && method !== "HEAD")) return "other";
  const safePath = plainField(target, MAX_PATH).replace(/\s/g, "");
  const safeReferrer = referrer.length > MAX_REFERRER ? "-" : plainField(referrer, MAX_REFERRER);
  return {
    time: at,
    text: `${maskAddress(address)} - - [${time}] "${method} ${safePath} ${protocol}" ${status} ${bytes} "${safeReferrer}" "${plainField(agent, MAX_AGENT)}"`,
  };
}

export interface Tally {
  read: number;
  kept: number;
  /** Lines not in nginx's format, left out. */
  malformed: number;
}

/**
 * The lines of `files` whose time falls in `range`, made safe. A rotated file last written
 * before the range began is not opened. `tally` counts as it goes.
 */
export async function* linesIn(files: string[], range: Range, tally: Tally): AsyncGenerator<string> {
  for (const file of files) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      continue;
    }
    if (stat.mtimeMs < range.from) continue;
    const raw = fs.createReadStream(file);
    const input = file.endsWith(".gz") ? raw.pipe(zlib.createGunzip()) : raw;
    const lines = readline.createInterface({ input, crlfDelay: Infinity });
    try {
      for await (const line of lines) {
        tally.read++;
        const parsed = parseLine(line);
        if (parsed === "malformed") tally.malformed++;
        if (typeof parsed === "string") continue;
        if (parsed.time < range.from || parsed.time >= range.to) continue;
        tally.kept++;
        yield parsed.text;
      }
    } catch (error) {
      // A rotated file cut short (a full disk when it was compressed): what was read counts.
      if ((error as NodeJS.ErrnoException).code !== "Z_BUF_ERROR") throw error;
    } finally {
      lines.close();
      raw.destroy();
    }
  }
}
