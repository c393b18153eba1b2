/**
 * @jest-environment node
 */
// The switch to new code (server/installed/update.ts), its steps recorded: in order when all
// goes well; and, when a step fails, every step of going back tried (even after one fails),
// the previous code and the repository's head back, and a sentence saying which.
import { switchCode, type Switch, type UpdateSteps } from "../../server/installed/update";

const CHANGE: Switch = {
  previous: { id: "aaaaaaaaaaaa", dir: "/srv/site/code/aaaaaaaaaaaa" },
  next: { id: "bbbbbbbbbbbb", dir: "/srv/site/code/bbbbbbbbbbbb" },
};
const BEFORE = "1111111111111111111111111111111111111111";
const MERGED = "2222222222222222222222222222222222222222";

function server({ failAt = "", alsoFail = "", build = null as string | null, merged = MERGED } = {}) {
  const state = { done: [] as string[], said: [] as string[], app: CHANGE.previous.dir, head: BEFORE };
  // `failAt` fails the first time (going back tries it again); `alsoFail` every time.
  let failed = false;
  const step =
    <A extends unknown[], T>(name: string, act: (...args: A) => T) =>
    (...args: A): T => {
      state.done.push(args.length ? `${name} ${args.join(" ")}` : name);
      if ((name === failAt && !failed) || name === alsoFail) {
        failed ||= name === failAt;
        throw new Error(`${name} failed`);
      }
      return act(...args);
    };
  const steps: UpdateSteps = {
    say: (line) => state.said.push(line),
    stopServices: step("stop", () => undefined),
    mergeCode: step("merge", () => (state.head = merged)),
    switchTo: step("switchTo", (dir: string) => void (state.app = dir)),
    configure: step("configure", () => undefined),
    restartServices: step("restart", () => undefined),
    firstBuild: async (head) => step("firstBuild", (of: string) => (of === state.head ? build : "another head"))(head),
    servicesAnswer: async () =>
      step("servicesAnswer", () => (failAt === "answer" ? "anodising-editor does not run" : null))(),
    repoHead: () => state.head,
    moveRepositoryBack: step("moveRepositoryBack", (before: string) => void (state.head = before)),
    removeCode: step("removeCode", () => undefined),
  };
  return { state, steps };
}

test("in order: stop, merge, switch, configure, restart, the first build, the services' answers", async () => {
  const { state, steps } = server();
  await expect(switchCode(CHANGE, steps)).resolves.toBe(MERGED);
  expect(state.done).toEqual([
    "stop",
    "merge",
    `switchTo ${CHANGE.next.dir}`,
    `configure ${CHANGE.next.dir}`,
    "restart",
    `firstBuild ${MERGED}`,
    "servicesAnswer",
  ]);
  expect(state.app).toBe(CHANGE.next.dir);
});

test("a repository that has the code already waits for no build", async () => {
  const { state, steps } = server({ merged: BEFORE });
  await switchCode(CHANGE, steps);
  expect(state.done.some((done) => done.startsWith("firstBuild"))).toBe(false);
  expect(state.said).toContain("    the content repository has this code already");
});

test.each([
  [
    "a failed first build",
    { build: "Not published: the build failed" },
    /^==> The update failed: Not published: the build failed$/,
  ],
  ["a service that does not answer", { failAt: "answer" }, /^==> The update failed: anodising-editor does not run$/],
  ["configure failing", { failAt: "configure" }, /^==> The update failed: configure failed$/],
])("%s: the previous code and the repository's head come back", async (_what, how, said) => {
  const { state, steps } = server(how);
  await expect(switchCode(CHANGE, steps)).rejects.toThrow(
    `the update to ${CHANGE.next.id} was rolled back: code ${CHANGE.previous.id} and the content repository at ${BEFORE.slice(0, 12)} are back, and the live release never changed.`,
  );
  expect(state.said).toEqual(expect.arrayContaining([expect.stringMatching(said)]));
  expect(state).toMatchObject({ app: CHANGE.previous.dir, head: BEFORE });
  expect(state.done).toContain(`removeCode ${CHANGE.next.dir}`);
});

test("a merge that fails leaves the repository as it was: going back does not move it", async () => {
  const { state, steps } = server({ failAt: "merge" });
  await expect(switchCode(CHANGE, steps)).rejects.toThrow(/was rolled back/);
  expect(state.done.some((done) => done.startsWith("moveRepositoryBack"))).toBe(false);
});

test("every step of going back is tried after one fails, and the sentence names what did not work", async () => {
  const { state, steps } = server({ build: "refused", alsoFail: "switchTo" });
  await expect(switchCode(CHANGE, steps)).rejects.toThrow(
    /^the update failed, and going back did not fully work: switch the code back: switchTo failed\. Run sitectl doctor\.$/,
  );
  expect(state.done.slice(-5)).toEqual([
    `switchTo ${CHANGE.previous.dir}`,
    `configure ${CHANGE.previous.dir}`,
    `moveRepositoryBack ${BEFORE} ${MERGED}`,
    "restart",
    `removeCode ${CHANGE.next.dir}`,
  ]);
});
