// Reading, as root, a file a service's user wrote (the publisher's status record, a build
// log): never through a link the service's user planted, only a plain file that user owns,
// and only so much of it. What reaches the operator's terminal loses its control characters
// (an escape sequence in a log could rewrite the screen or the terminal's title).
import fs from "node:fs";
import { run } from "./shell";

/** Users' ids already asked: status polls read the publisher's file every second. */
const uids = new Map<string, number>();

/** A service's user id, by name (getent: the same answer the units use), asked once per user. */
export function uidOf(user: string): number {
  const known = uids.get(user);
  if (known !== undefined) return known;
  const line = run("getent", ["passwd", user]).stdout.trim();
  const uid = Number(line.split(":")[2]);
  if (!line || !Number.isInteger(uid)) throw new Error(`there is no user ${user}`);
  uids.set(user, uid);
  return uid;
}

/** The id of `user`'s own group (each site user has a group of its name). */
export function groupOf(user: string): number {
  const line = run("getent", ["passwd", user]).stdout.trim();
  const gid = Number(line.split(":")[3]);
  if (!line || !Number.isInteger(gid)) throw new Error(`there is no user ${user}`);
  return gid;
}

/** A group's id, by name (getent group). */
export function groupIdOf(group: string): number {
  const line = run("getent", ["group", group]).stdout.trim();
  const gid = Number(line.split(":")[2]);
  if (!line || !Number.isInteger(gid)) throw new Error(`there is no group ${group}`);
  return gid;
}

/**
 * The text of `file` when it is a plain file owned by `uid` (not a link, not another user's
 * file linked in); its last `maxBytes` when longer. undefined when it is not there or not such a file.
 */
export function readOwnedFile(file: string, uid: number, maxBytes = 1024 * 1024): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.uid !== uid) return undefined;
    const length = Math.min(stat.size, maxBytes);
    const buffer = Buffer.alloc(length);
    const read = fs.readSync(fd, buffer, 0, length, stat.size - length);
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether anything is at `file` (a link or a FIFO too): lstat, which opens nothing. */
export function present(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}
