/**
 * @jest-environment node
 */
// The off-site backups' choices that need no server: which backup `--at` names, what the
// recovery sheet holds, the settings file's values read back, a backup file's signature.
import crypto from "node:crypto";
import { chooseSnapshot, ofHost } from "../../server/backups/fromOffsite";
import { signatureOf, signedBy } from "../../server/backups/signature";
import { FILE_KEY_PATTERN } from "../../server/installed/settingRules";
import { KEYS, mustHaveRoom, targetOf, valuesOf } from "../../server/backups/offsite";
import { sheetLines } from "../../server/sitectl/backups";
import type { Snapshot } from "../../server/backups/restic";

const snapshot = (id: string, time: string): Snapshot => ({ id, time, host: "www.site.test", tags: ["site"] });
const KEPT = [
  snapshot("aaaa1111bbbb", "2026-11-29T08:05:00.1Z"),
  snapshot("cccc2222dddd", "2026-11-29T09:04:00.2Z"),
  snapshot("eeee3333ffff", "2026-11-29T10:03:00.3Z"),
];

describe("chooseSnapshot", () => {
  test("latest, an ID or its first characters, the last one at or before a time (UTC)", () => {
    expect(chooseSnapshot(KEPT, "latest").id).toBe("eeee3333ffff");
    expect(chooseSnapshot(KEPT, "cccc2222").id).toBe("cccc2222dddd");
    expect(chooseSnapshot(KEPT, "2026-11-29T10:00").id).toBe("cccc2222dddd");
    expect(chooseSnapshot(KEPT, "2026-11-29 09:05").id).toBe("cccc2222dddd");
    expect(chooseSnapshot(KEPT, "2026-11-30").id).toBe("eeee3333ffff");
  });

  test("refused, changing nothing: none kept, an unknown ID, a time before the oldest", () => {
    expect(() => chooseSnapshot([], "latest")).toThrow(/holds no backup yet/);
    expect(() => chooseSnapshot(KEPT, "0123abcd")).toThrow(/names no one backup: sitectl backups list/);
    expect(() => chooseSnapshot(KEPT, "../etc")).toThrow(/names no one backup/);
    expect(() => chooseSnapshot(KEPT, "2026-11-28T23:00")).toThrow(
      /no backup at or before 2026-11-28T23:00 \(the oldest kept: 2026-11-29 08:05 UTC\)/,
    );
  });
});

describe("ofHost (review 4, L4)", () => {
  const elsewhere = { ...snapshot("9999aaaa0000", "2026-11-29T11:00:00Z"), host: "test.site.test" };

  test("only the server's own backups, though another's are newer; another's when named", () => {
    expect(chooseSnapshot(ofHost([...KEPT, elsewhere], "www.site.test"), "latest").id).toBe("eeee3333ffff");
    expect(ofHost([...KEPT, elsewhere], "test.site.test")).toEqual([elsewhere]);
  });

  test("none of this server's, and the others named: refused, changing nothing", () => {
    expect(() => ofHost([elsewhere], "www.site.test")).toThrow(
      /holds no backup of www\.site\.test; it holds backups of test\.site\.test\. To restore one of them: --host NAME/,
    );
    expect(ofHost([], "www.site.test")).toEqual([]);
  });
});

describe("the recovery sheet", () => {
  const target = {
    repository: "s3:https://s3.example.com/site-backups/www",
    accessKeyId: "AKIAEXAMPLE",
    secretAccessKey: "secret/Key+value=",
    region: "eu-central-1",
    password: "Zx9-random_password_of_the_sheet",
  };

  test("every value a new server needs, ready to paste, and the one command that restores", () => {
    const sheet = sheetLines("www.site.test", target).join("\n");
    for (const [key, value] of Object.entries(valuesOf(target))) expect(sheet).toContain(`  ${key}=${value}\n`);
    expect(sheet).toMatch(/WITHOUT THIS SHEET NOTHING CAN BE RESTORED/);
    expect(sheet).toContain("./deploy/install --domain www.site.test --email ADDRESS --restore-from-backups");
    expect(sheet).toContain("sitectl backups sheet");
  });

  test("read back from backups.env's values; incomplete ones are no repository", () => {
    expect(targetOf(valuesOf(target))).toEqual(target);
    expect(targetOf({ [KEYS.repository]: target.repository })).toBeNull();
    expect(targetOf({ ...valuesOf(target), [KEYS.region]: "" })?.region).toBe("us-east-1");
  });
});

describe("a backup file's signature (review 4, M3)", () => {
  const key = crypto.randomBytes(32).toString("base64url");
  const manifest = Buffer.from(JSON.stringify({ files: { "settings/enquiry.env": "ab12" } }));

  test("the key's signature of the manifest is taken; a changed manifest, another key or a cut signature is not", () => {
    const signature = signatureOf(manifest, key);
    expect(signedBy(manifest, `${signature}\n`, key)).toBe(true);
    const changed = Buffer.from(manifest.toString().replace("ab12", "cd34"));
    expect(signedBy(changed, signature, key)).toBe(false);
    expect(signedBy(manifest, signature, crypto.randomBytes(32).toString("base64url"))).toBe(false);
    expect(signedBy(manifest, signature.slice(0, 40), key)).toBe(false);
    expect(signedBy(manifest, "", key)).toBe(false);
  });

  test("a key is what the settings' rule for backup-file.env takes", () => {
    expect(FILE_KEY_PATTERN.test(key)).toBe(true);
    expect(FILE_KEY_PATTERN.test(`${key}=`)).toBe(false);
  });
});

describe("room for the stage (review 4, L2)", () => {
  const GB = 2 ** 30;
  const last = (total: number) => ({
    repository: "r",
    lastGood: { at: "2026-12-01T10:00:00Z", snapshot: "abc", added: 0, total, seconds: 1 },
  });
  const never = () => {
    throw new Error("the last backup's size is known: nothing is counted");
  };

  test("about twice the last backup, above the site's floor, or the run stops before staging, saying what is short", () => {
    expect(() => mustHaveRoom(last(GB), never, 5 * GB)).not.toThrow();
    expect(() => mustHaveRoom(last(GB), never, 3 * GB)).toThrow(
      /not enough free space to stage the backup: it needs about 2048 MB on .*, which has 3072 MB free, and the site keeps 2048 MB free \(HOST_MIN_FREE_MB/,
    );
  });

  test("before the first backup, what the folders hold is counted", () => {
    expect(() => mustHaveRoom({ repository: "r" }, () => 2 * GB, 5 * GB)).toThrow(/needs about 4096 MB/);
    expect(() => mustHaveRoom({ repository: "r" }, () => GB / 2, 5 * GB)).not.toThrow();
  });
});
