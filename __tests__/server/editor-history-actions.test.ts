/**
 * @jest-environment node
 */
// The work behind the staff's history (server/editor/historyActions.ts) as plain functions
// of a git repository of the tests' own content, without a server: the changes, a file's
// versions, a restore and an undo as new commits by the login through the build's
// validator, and their refusals. editor-history.test.ts tries the pages through HTTP.
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { ContentChecker } from "../../server/editor/checker";
import { historyActions } from "../../server/editor/historyActions";
import { editorRules } from "../../server/editor/rules";
import { WriteLock } from "../../server/editor/writeLock";
import { Refusal } from "../../server/lib/refusal";
import { copyContent } from "../helpers/contentCopy";
import { commitAs as commitGit, gitIn } from "../helpers/git";

const SITE = "content/site.yaml";
let repo: string;
let checker: ContentChecker;
let history: ReturnType<typeof historyActions>;

const git = (...args: string[]) => gitIn(repo, ...args);
const commitAs = (author: string, message: string) => commitGit(repo, author, message);
const file = () => YAML.parse(fs.readFileSync(path.join(repo, SITE), "utf8"));
/** The site settings' English (the file holds each language under its own key). */
const site = () => file().en;
/** Sets the first contact's phone in the working tree and commits it as `author`. */
function phoneBy(author: string, phone: string) {
  const data = file();
  data.en.contacts[0].phone = phone;
  fs.writeFileSync(path.join(repo, SITE), YAML.stringify(data));
  return commitAs(author, `Update ${SITE} (by ${author})`);
}
const author = (rev = "HEAD") => git("show", "-s", "--format=%an", rev);

beforeAll(() => {
  repo = copyContent();
  git("init", "-q", "-b", "main");
  commitAs("developer", "The site's first content");
  checker = new ContentChecker();
  history = historyActions({ repo, rules: editorRules(), writes: new WriteLock(), checker });
});
afterAll(() => checker.close());

test("the recent changes, the login's own last one, and the files whose history can be read", async () => {
  const hash = phoneBy("priya", "+91 20 1111 2222");
  const { recent, mine, files } = await history.recent("priya");
  expect(recent[0]).toMatchObject({ hash, author: "priya" });
  expect(mine?.hash).toBe(hash);
  expect((await history.recent("nobody")).mine).toBeUndefined();
  expect(files.map((entry) => entry.file)).toContain(SITE);
  expect(await history.change(hash)).toMatchObject({ hash, author: "priya" });
  await expect(history.change("0".repeat(40))).rejects.toThrow(Refusal);
  await expect(history.change("not a hash")).rejects.toThrow("no such change in the site's history");
});

test("a file's versions, newest first: the current one is not offered for restoring", async () => {
  phoneBy("ravi", "+91 20 3333 4444");
  const { file, versions } = await history.versions(SITE);
  expect(file).toBe(SITE);
  expect(versions.map((version) => version.commit.author).slice(0, 2)).toEqual(["ravi", "priya"]);
  expect(versions.map((version) => version.restorable).slice(0, 2)).toEqual([false, true]);
  expect(versions[0].words.join(" ")).toMatch(/\+91 20 3333 4444/);
});

test("reading history lets the event loop turn at every git command (issue 52, finding 10)", async () => {
  const fresh = `+91 20 4${String(Date.now()).slice(-3)} 1234`;
  phoneBy("asha", fresh);
  // The server's other work (a login check, a save, the inbox) runs between git's commands:
  // count the turns of the event loop while a file's versions, described afresh, are read.
  let turns = 0;
  let reading = true;
  const turn = () => {
    turns += 1;
    if (reading) setImmediate(turn);
  };
  setImmediate(turn);
  const { versions } = await history.versions(SITE);
  reading = false;
  // At least the log, and the file before and after its newest change, each a command waited on.
  expect(versions[0].words.join(" ")).toContain(fresh);
  expect(turns).toBeGreaterThanOrEqual(3);
});

test("restoring a version is a new commit by the login; history is not rewritten", async () => {
  const priyas = (await history.versions(SITE)).versions.find((version) => version.commit.author === "priya")!;
  const before = git("rev-parse", "HEAD");
  expect(await history.restore("asha", SITE, priyas.commit.hash)).toBe(SITE);
  expect(git("rev-parse", "HEAD~1")).toBe(before);
  expect(author()).toBe("asha");
  expect(site().contacts[0].phone).toBe("+91 20 1111 2222");
  await expect(history.restore("asha", SITE, priyas.commit.hash)).rejects.toThrow("nothing to change");
});

test("a restore that is not the site's: a path outside content, a version not in its history", async () => {
  await expect(history.restore("asha", "gatsby-node.ts", git("rev-parse", "HEAD"))).rejects.toThrow(Refusal);
  await expect(history.restore("asha", SITE, "f".repeat(40))).rejects.toThrow("no such version in the site's history");
  await expect(history.document(SITE)).rejects.toThrow("not a document the editor stores");
});

test("undo: the login's last change undone as a new commit, unless someone changed its file since", async () => {
  const phone = site().contacts[0].phone;
  phoneBy("meera", "+91 20 5555 6666");
  await history.undo("meera");
  expect(author()).toBe("meera");
  expect(site().contacts[0].phone).toBe(phone);
  phoneBy("meera", "+91 20 7777 8888");
  phoneBy("ravi", "+91 20 9999 0000");
  await expect(history.undo("meera")).rejects.toMatchObject({
    status: 409,
    message: expect.stringContaining("changed again by ravi"),
  });
  await expect(history.undo("nobody")).rejects.toMatchObject({ status: 404 });
});

test("while the repository needs repair, nothing is read or written", async () => {
  git("checkout", "-q", "--detach");
  try {
    await expect(history.recent("priya")).rejects.toMatchObject({ status: 409 });
    await expect(history.undo("ravi")).rejects.toMatchObject({ status: 409 });
  } finally {
    git("checkout", "-q", "main");
  }
});
