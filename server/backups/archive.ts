// What a tar archive holds, member by member, as GNU tar lists it: checked before
// anything of it is unpacked (sitectl restore, and the spool handed over for a backup).
import { Failure, run } from "../installed/shell";

export interface Member {
  /** "-" a plain file, "d" a folder, "l" a symbolic link, "h" a hard link; anything else is refused by the callers. */
  type: string;
  name: string;
  /** Where a link points. */
  target?: string;
}

/** The members of `file` (gzip or not: tar tells). Throws a Failure naming the file when tar cannot read it. */
export function members(file: string): Member[] {
  const listing = run("tar", ["-tvf", file, "--numeric-owner", "--quoting-style=escape"]);
  if (listing.status !== 0)
    throw new Failure(`${file} is damaged or is not a backup (tar: ${listing.stderr.trim().split("\n")[0]}).`);
  return listing.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const type = line[0];
      // mode owner/group size date time name [-> target | link to target]
      const rest = line.split(/\s+/).slice(5).join(" ");
      const [name, target] = type === "l" ? rest.split(" -> ") : type === "h" ? rest.split(" link to ") : [rest];
      return { type, name: name.replace(/\/$/, ""), target };
    });
}

/** Why a member's name may not be unpacked anywhere (absolute, leading out, odd), or null. */
export function badName(name: string): string | null {
  if (name.startsWith("/")) return "an absolute path";
  if (name.split("/").includes("..")) return 'a path through ".."';
  if (/[\\\n]/.test(name) || name.includes(" -> ") || name.includes(" link to ")) return "a name tar had to escape";
  return null;
}
