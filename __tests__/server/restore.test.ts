/**
 * @jest-environment node
 */
// A checked backup put in place (server/backups/restore.ts), its steps recorded: the order,
// and what a failure at each step leaves (review 4, L9): what it replaced back as it was,
// the services started again, the restore no longer marked unfinished; or, when even the
// putting back fails, the content from before kept and the mark left.
import { putInPlace, type Plan, type RestoreSteps } from "../../server/backups/restore";

const ENQUIRY_ENV = "/etc/anodising/enquiry.env";
const WATCH_ENV = "/etc/anodising/watch.env";

/** The server as the steps see it: files by name, the services, the repository, and what was done. */
function server(failAt = "", alsoFail = "") {
  const state = {
    done: [] as string[],
    said: [] as string[],
    running: true,
    repo: "before",
    logins: Buffer.from("anita:hash-of-b\n") as Buffer | null,
    settings: new Map<string, string | null>([
      [ENQUIRY_ENV, "ENQUIRY_TO=b@example.com\n"],
      [WATCH_ENV, null],
    ]),
    unfinished: false,
    enquiries: 0,
  };
  // `failAt` fails the first time (putting back tries it again); `alsoFail` every time.
  let failed = false;
  const step =
    <T>(name: string, act: () => T) =>
    (): T => {
      state.done.push(name);
      if ((name === failAt && !failed) || name === alsoFail) {
        failed ||= name === failAt;
        throw new Error(`${name} failed`);
      }
      return act();
    };
  const steps: RestoreSteps = {
    say: (line) => state.said.push(line),
    stopServices: step("stop", () => {
      state.running = false;
    }),
    startServices: step("start", () => {
      state.running = true;
      return null;
    }),
    placeRepository: (repo) =>
      step("placeRepository", () => {
        state.repo = repo;
        state.unfinished = true;
      })(),
    putRepositoryBack: step("putRepositoryBack", () => {
      state.repo = "before";
    }),
    readLogins: () => state.logins,
    writeLogins: (data) =>
      step("writeLogins", () => {
        state.logins = Buffer.from(data);
      })(),
    importSpool: step("importSpool", () => {
      state.enquiries += 2;
      return 2;
    }),
    restoreHistory: step("restoreHistory", () => ["the report's history"]),
    readSetting: (file) => {
      const text = state.settings.get(file);
      return text === null || text === undefined ? null : Buffer.from(text);
    },
    writeSetting: (file, data) =>
      step(`writeSetting ${file}`, () => {
        state.settings.set(file, data === null ? null : data.toString());
      })(),
    placeCertificates: step("placeCertificates", () => "certificates"),
    configure: step("configure", () => undefined),
    finished: step("finished", () => {
      state.unfinished = false;
    }),
  };
  return { state, steps };
}

const PLAN: Plan = {
  repo: "restored",
  head: "0123456789abcdef",
  logins: { data: Buffer.from("anita:hash-of-a\nravi:hash-of-a\n"), count: 2 },
  settings: new Map([
    [ENQUIRY_ENV, "ENQUIRY_TO=a@example.com\n"],
    [WATCH_ENV, "ALERT_TO=ops@example.com\n"],
  ]),
  certificates: true,
};

test("in order: the services stop, each part goes in, the mark is cleared, the services start", () => {
  const { state, steps } = server();
  putInPlace(PLAN, steps, "/srv/site/host/repo.before-restore");
  expect(state.done).toEqual([
    "stop",
    "placeRepository",
    "writeLogins",
    "importSpool",
    "restoreHistory",
    `writeSetting ${ENQUIRY_ENV}`,
    `writeSetting ${WATCH_ENV}`,
    "placeCertificates",
    "configure",
    "finished",
    "start",
  ]);
  expect(state).toMatchObject({ running: true, repo: "restored", unfinished: false });
  expect(state.logins?.toString()).toBe("anita:hash-of-a\nravi:hash-of-a\n");
  expect(state.said).toContain("    2 editor logins");
  expect(state.said).toContain("    2 enquiries added to the spool");
});

test.each([
  "placeRepository",
  "writeLogins",
  "importSpool",
  "restoreHistory",
  `writeSetting ${WATCH_ENV}`,
  "configure",
])("a failure at %s puts back all it replaced and starts the services again", (failAt) => {
  const { state, steps } = server(failAt);
  expect(() => putInPlace(PLAN, steps, "/srv/site/host/repo.before-restore")).toThrow(
    new RegExp(
      `^the restore failed: ${failAt} failed\\. What it replaced is back as it was \\(enquiries it added stay\\) and the services are started again\\.$`,
    ),
  );
  expect(state).toMatchObject({ running: true, repo: "before", unfinished: false });
  expect(state.logins?.toString()).toBe("anita:hash-of-b\n");
  expect(state.settings.get(ENQUIRY_ENV)).toBe("ENQUIRY_TO=b@example.com\n");
  // A file that was not there before is not there after.
  expect(state.settings.get(WATCH_ENV)).toBeNull();
});

test("when even putting back fails, the content from before is kept, the restore stays marked, and it says what", () => {
  const { state, steps } = server("configure", "putRepositoryBack");
  expect(() => putInPlace(PLAN, steps, "/srv/site/host/repo.before-restore")).toThrow(
    /^the restore failed: configure failed\. Could not put back: the content repository: putRepositoryBack failed\. The content it replaced is kept in \/srv\/site\/host\/repo\.before-restore; the services are started again\.$/,
  );
  expect(state).toMatchObject({ running: true, unfinished: true });
  expect(state.done).not.toContain("finished");
});

test("services that will not start after a good restore are a failure of their own", () => {
  const { state, steps } = server();
  steps.startServices = () => "anodising-editor.service failed";
  expect(() => putInPlace(PLAN, steps, "/srv/site/host/repo.before-restore")).toThrow(
    "the services did not start: anodising-editor.service failed; sitectl doctor",
  );
  expect(state.repo).toBe("restored");
});
