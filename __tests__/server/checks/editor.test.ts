/**
 * @jest-environment node
 */
// The editor's checks (server/watch/checks/editor.ts): what `find` and the editor's own
// scripts answer, and the secret files deploy/configure writes.
import { editorSecret, hostWritable, logins, repository, repositoryOwner } from "../../../server/watch/checks/editor";
import { DEPLOY_AGAIN } from "../../../server/watch/checks/finding";
import { levels, place, ran, theProblem } from "./place";

describe("repositoryOwner and hostWritable", () => {
  test("ok: find lists nothing", async () => {
    const here = place();
    expect(levels([...(await here.find(repositoryOwner)), ...(await here.find(hostWritable))])).toEqual(["ok", "ok"]);
  });

  test("problem: files of the repository another user's, or live files the editor's group may write", async () => {
    const here = place();
    here.machine.run = (_command, args) =>
      ran(
        !args.includes("-prune")
          ? `${here.paths.REPO_DIR}/content/site.yaml\n`
          : `${here.paths.HOST_DIR}/live/a\n${here.paths.HOST_DIR}/live/b\n`,
      );
    expect(theProblem(await here.find(repositoryOwner))).toMatchObject({
      id: "repository-owner",
      text: expect.stringMatching(/^1 files of the content repository are not the editor's alone/),
      fix: DEPLOY_AGAIN,
    });
    expect(theProblem(await here.find(hostWritable))).toMatchObject({
      id: "host-writable",
      text: expect.stringMatching(/^2 files outside the content repository/),
    });
  });
});

describe("repository", () => {
  test("ok: the editor's check says ok, asked of the editor's user", async () => {
    const here = place();
    const asked: unknown[] = [];
    here.machine.script = (service, file, args) => {
      asked.push([service, file, args]);
      return ran("ok\n");
    };
    expect(levels(await here.find(repository))).toEqual(["ok"]);
    expect(asked).toContainEqual(["editor", "server/editor/repair.ts", ["--check"]]);
  });

  test("problem: it needs repair, or could not be checked", async () => {
    const here = place();
    here.machine.script = () => ran("a rebase is under way\n");
    expect(theProblem(await here.find(repository))).toMatchObject({
      id: "repository",
      text: "the content repository needs repair (a rebase is under way): the editor refuses to save.",
      fix: "sitectl repair",
    });
    here.machine.script = () => ran("", 1, "Failed to start transient service");
    expect(theProblem(await here.find(repository))).toMatchObject({
      text: "the content repository could not be checked: Failed to start transient service",
      notice: "staff may be unable to save",
    });
  });
});

describe("logins", () => {
  test("ok: the logins the editor lists", async () => {
    const here = place();
    here.machine.script = () => ran("asha\nravi\n");
    expect(await here.find(logins)).toEqual([{ level: "ok", text: "2 editor logins" }]);
  });

  test("problem: none", async () => {
    const here = place();
    here.machine.script = () => ran("No logins yet.\n");
    expect(theProblem(await here.find(logins))).toMatchObject({ id: "logins", fix: "sitectl editors add NAME" });
  });

  test("problem: the login check's user gave no list (a helper ended at its time limit), said as such", async () => {
    const here = place();
    here.machine.script = () => ran("", 1, "node as site-login did not finish within 60 s and was ended");
    expect(theProblem(await here.find(logins)).text).toBe(
      "the logins could not be listed: node as site-login did not finish within 60 s and was ended",
    );
  });
});

describe("editorSecret", () => {
  const SECRET = "s3cret-of-thirty-two-characters!";

  test("ok: nginx's map holds the editor's secret", async () => {
    const here = place();
    here.write(here.paths.EDITOR_PROXY_ENV, `EDITOR_PROXY_SECRET=${SECRET}\n`);
    here.write(here.paths.EDITOR_SECRET_MAP, `map $x $y { default "${SECRET}"; }\n`);
    expect(levels(await here.find(editorSecret))).toEqual(["ok"]);
  });

  test("problem: missing, too short, or not nginx's", async () => {
    const here = place();
    expect(theProblem(await here.find(editorSecret))).toMatchObject({ id: "editor-secret" });
    here.write(here.paths.EDITOR_PROXY_ENV, `EDITOR_PROXY_SECRET=${SECRET}\n`);
    here.write(here.paths.EDITOR_SECRET_MAP, `map $x $y { default "another-secret-of-32-characters"; }\n`);
    expect(theProblem(await here.find(editorSecret))).toMatchObject({ id: "editor-secret" });
  });
});
