/**
 * @jest-environment node
 */
// The staff's history of changes (/admin/history/, server/editor/history.ts), in process on
// a git repository of the tests' own content: the changes in words, "undo my last change"
// and "restore this version" as new commits by the login through the build's validator,
// and their refusals (no login, another site, a later change by someone else, a version
// the site cannot be built from, a path or version that is not the site's).
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import path from "node:path";
import YAML from "yaml";
import { editorApp } from "../../server/editor/app";
import { siteSchema } from "../../src/schema/content";
import { copyContent } from "../helpers/contentCopy";
import { commitAs as commitGit, gitIn } from "../helpers/git";

const SITE = "content/site.yaml";
const HOME = "content/home.yaml";
/** nginx's secret for the editor: with it nginx passes the login the login check answered. */
const SECRET = "the editor's own secret";
const auth = (login: string) => ({ "x-staff-login": login, "x-staff-secret": SECRET });

let repo: string;
let server: Server;
let base: string;
let close: () => void;

const git = (...args: string[]) => gitIn(repo, ...args);
const commitAs = (author: string, message: string) => commitGit(repo, author, message);
/** The site settings' English (the file holds each language under its own key). */
const readSite = () => YAML.parse(fs.readFileSync(path.join(repo, SITE), "utf8")).en;
const editFile = (file: string, change: (data: Record<string, any>) => void) => {
  const data = YAML.parse(fs.readFileSync(path.join(repo, file), "utf8"));
  change(data.en);
  fs.writeFileSync(path.join(repo, file), YAML.stringify(data));
};

beforeAll(async () => {
  repo = copyContent();
  git("init", "-q", "-b", "main");
  commitAs("developer", "The site's first content");
  const editor = await editorApp({ repo, mode: "git", proxySecret: SECRET });
  close = editor.close;
  server = editor.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 30_000);

afterAll(() => {
  server.close();
  close();
});

const get = (where: string, login = "priya") => fetch(`${base}${where}`, { headers: auth(login) });
const press = (where: string, form: Record<string, string> = {}, login = "priya", headers = {}) =>
  fetch(`${base}${where}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...auth(login),
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
      ...headers,
    },
    body: new URLSearchParams(form).toString(),
  });

test("a change in words: who, and the field by its labels with the value before and after", async () => {
  const before = readSite().contacts[0].phone;
  editFile(SITE, (data) => (data.contacts[0].phone = "+91 20 1111 2222"));
  commitAs("priya", "Update content/site.yaml (by priya)");
  const page = await (await get("/admin/history/")).text();
  const { contacts } = siteSchema.fields;
  expect(page).toContain(
    `${contacts.label} › ${contacts.of.label} 1 › ${contacts.of.fields.phone.label}: &quot;${before}&quot; → &quot;+91 20 1111 2222&quot;`,
  );
  expect(page).toContain("priya");
  expect(page).toContain("Undo my last change");
  const history = await (await get(`/admin/history/file?path=${encodeURIComponent(SITE)}`)).text();
  expect(history).toContain("This is the current version");
  expect(history.match(/>Restore this version<\/button>/g)).toHaveLength(1);
});

test("no login, or one without nginx's secret: 401; a press from another site: 403; nothing committed", async () => {
  const head = git("rev-parse", "HEAD");
  expect((await fetch(`${base}/admin/history/`)).status).toBe(401);
  // A process on the machine naming a login, with a wrong secret or a password instead.
  expect(
    (await fetch(`${base}/admin/history/`, { headers: { ...auth("priya"), "x-staff-secret": "guess" } })).status,
  ).toBe(401);
  const basic = { authorization: `Basic ${Buffer.from("priya:any password").toString("base64")}` };
  expect((await fetch(`${base}/admin/history/`, { headers: { "x-staff-login": "priya", ...basic } })).status).toBe(401);
  expect((await press("/admin/history/undo", {}, "priya", { "sec-fetch-site": "cross-site" })).status).toBe(403);
  expect(
    (await press("/admin/history/undo", {}, "priya", { "sec-fetch-site": "", origin: "https://evil.test" })).status,
  ).toBe(403);
  expect(git("rev-parse", "HEAD")).toBe(head);
});

test("undo my last change: refused while someone changed that page since; then a new commit restoring it", async () => {
  const mine = git("rev-parse", "HEAD");
  editFile(SITE, (data) => (data.email = "other@acme.test"));
  commitAs("ravi", "Update content/site.yaml (by ravi)");
  const refused = await press("/admin/history/undo");
  expect(refused.status).toBe(409);
  expect(await refused.text()).toContain("was changed again by ravi");
  // Ravi undoes his own; then priya's undo goes through.
  expect((await press("/admin/history/undo", {}, "ravi")).status).toBe(303);
  expect(git("log", "-1", "--format=%an %s")).toMatch(/^ravi Undo the change of .+ \(by ravi\)$/);
  // Ravi's undo is now ravi's last change of that page: priya's still has a later change by another.
  const again = await press("/admin/history/undo");
  expect(again.status).toBe(409);
  // The test's own repository: back to priya's change as the last one (staff cannot do this).
  git("reset", "-q", "--hard", mine);
  const undone = await press("/admin/history/undo");
  expect(undone.status).toBe(303);
  expect(undone.headers.get("location")).toBe("/admin/history/?done=undone");
  expect(git("log", "-1", "--format=%an")).toBe("priya");
  expect(git("rev-list", "--count", `${mine}..HEAD`)).toBe("1");
  expect(git("diff", `${mine}^`, "HEAD", "--", SITE)).toBe("");
  expect(git("status", "--porcelain")).toBe("");
});

test("restore this version: a new commit by the login, the file as it was; history kept", async () => {
  const first = git("rev-list", "--max-parents=0", "HEAD");
  editFile(HOME, (data) => (data.title = "A title for the restore test"));
  commitAs("ravi", "Update content/home.yaml (by ravi)");
  const count = Number(git("rev-list", "--count", "HEAD"));
  const response = await press("/admin/history/restore", { path: HOME, commit: first });
  expect(response.status).toBe(303);
  expect(git("log", "-1", "--format=%an %s")).toMatch(/^priya Restore content\/home\.yaml to its version of /);
  expect(git("show", `${first}:${HOME}`)).toBe(fs.readFileSync(path.join(repo, HOME), "utf8").trim());
  expect(Number(git("rev-list", "--count", "HEAD"))).toBe(count + 1);
});

test("a version the site cannot be built from is refused in the validator's words, committing nothing", async () => {
  fs.writeFileSync(
    path.join(repo, SITE),
    fs.readFileSync(path.join(repo, SITE), "utf8").replace(/^  email: .*$/m, "  email: not-an-address"),
  );
  const broken = commitAs("developer", "A broken version, committed outside the editor");
  git("-c", "user.name=x", "-c", "user.email=x@x", "revert", "--no-edit", "HEAD");
  const head = git("rev-parse", "HEAD");
  const response = await press("/admin/history/restore", { path: SITE, commit: broken });
  expect(response.status).toBe(422);
  expect(await response.text()).toContain("email");
  expect(git("rev-parse", "HEAD")).toBe(head);
  expect(git("status", "--porcelain")).toBe("");
});

test.each([
  ["a path outside content/", { path: "package.json", commit: "0".repeat(40) }, 403],
  ["a climb out of content/", { path: "content/../package.json", commit: "0".repeat(40) }, 403],
  ["a version that is not the site's", { path: SITE, commit: "0".repeat(40) }, 404],
  ["a malformed version", { path: SITE, commit: "HEAD~1" }, 404],
])("restore refuses %s", async (_what, form, status) => {
  const head = git("rev-parse", "HEAD");
  expect((await press("/admin/history/restore", form)).status).toBe(status);
  expect(git("rev-parse", "HEAD")).toBe(head);
});

test("a saved document downloads for the preview's link; other files do not", async () => {
  fs.mkdirSync(path.join(repo, "content/services/documents"), { recursive: true });
  fs.writeFileSync(path.join(repo, "content/services/documents/sheet.pdf"), "%PDF-1.4\n");
  commitAs("priya", "Upload a document");
  const response = await get(
    `/admin/history/document?path=${encodeURIComponent("content/services/documents/sheet.pdf")}`,
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("content-disposition")).toBe(
    `attachment; filename="sheet.pdf"; filename*=UTF-8''sheet.pdf`,
  );
  expect((await get(`/admin/history/document?path=${encodeURIComponent(SITE)}`)).status).toBe(403);
});
