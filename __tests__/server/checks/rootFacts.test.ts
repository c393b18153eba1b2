/**
 * @jest-environment node
 */
// What the watch's root part gathers (server/watch/checks/rootFacts.ts) and how the watch,
// as its own user, takes it: only the settings it needs (never the mirror's keys), a
// service's record kept as text for the checks' schemas, and every check run on the facts
// with a machine that can run nothing but `apt-get -s` (the watch's own rights).
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../../../server/lib/files";
import { allChecks } from "../../../server/watch/checks/all";
import { checkContext } from "../../../server/watch/checks/context";
import { gatherRootFacts, readRootFacts } from "../../../server/watch/checks/rootFacts";
import { place, ran } from "./place";

const me = process.getuid!();

describe("gatherRootFacts", () => {
  test("only the settings the watch uses: the mirror's keys and other lines stay root's", () => {
    const here = place();
    here.write(here.paths.ENQUIRY_ENV, "ENQUIRY_TO=sales@site.test\nSMTP_URL=smtp://u:pw@mail.site.test\nOTHER=x\n");
    here.write(here.paths.WATCH_ENV, "ALERT_TO=ops@site.test\n");
    here.write(
      here.paths.MIRROR_ENV,
      "MIRROR_BUCKET=b\nMIRROR_URL=https://cdn.site.test\nMIRROR_ACCESS_KEY=AKIA-KEY\nMIRROR_SECRET_KEY=the-secret\n",
    );
    const facts = gatherRootFacts(here.settings, here.paths, () => me, here.machine, here.now);
    expect(facts.enquiryEnv).toEqual({ ENQUIRY_TO: "sales@site.test", SMTP_URL: "smtp://u:pw@mail.site.test" });
    expect(facts.watchEnv).toEqual({ ALERT_TO: "ops@site.test" });
    expect(facts.mirrorUrl).toBe("https://cdn.site.test");
    expect(JSON.stringify(facts)).not.toMatch(/AKIA-KEY|the-secret|OTHER/);
  });

  test("no mirror.env: null; one without a bucket: no address", () => {
    const here = place();
    expect(gatherRootFacts(here.settings, here.paths, () => me, here.machine).mirrorUrl).toBeNull();
    here.write(here.paths.MIRROR_ENV, "MIRROR_URL=https://cdn.site.test\n");
    expect(gatherRootFacts(here.settings, here.paths, () => me, here.machine).mirrorUrl).toBe("");
  });

  test("a service's record is kept as it was written, not parsed by root", () => {
    const here = place();
    const text = '{"waiting": "not a number", "__proto__": {"x": 1}}';
    here.write(path.join(here.paths.ENQUIRY_DIR, "status.json"), text);
    const facts = gatherRootFacts(here.settings, here.paths, () => me, here.machine);
    expect(facts.enquiryStatus).toBe(text);
    // The checks read it with the record's schema: not of its shape, so none.
    expect(here.context().read.enquiryStatus()).toBeNull();
  });

  test("a record that is a link is not read", () => {
    const here = place();
    const secret = here.write(path.join(here.paths.SITE_DIR, "secret.json"), '{"recipient":"x"}');
    fs.mkdirSync(here.paths.ENQUIRY_DIR, { recursive: true });
    fs.symlinkSync(secret, path.join(here.paths.ENQUIRY_DIR, "status.json"));
    expect(gatherRootFacts(here.settings, here.paths, () => me, here.machine).enquiryStatus).toBeNull();
  });
});

describe("readRootFacts", () => {
  test("the facts as the root part wrote them, whole", () => {
    const here = place();
    const facts = gatherRootFacts(here.settings, here.paths, () => me, here.machine, here.now);
    const file = path.join(here.paths.WATCH_FACTS_DIR, "facts.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    writeFileAtomic(file, JSON.stringify({ ...facts, digestRequested: true }), 0o640, true);
    expect(readRootFacts(file, me)).toEqual({ ...facts, digestRequested: true });
  });

  test("none from a file of another owner, a link, or of another shape", () => {
    const here = place();
    const facts = gatherRootFacts(here.settings, here.paths, () => me, here.machine, here.now);
    const file = here.write(path.join(here.paths.WATCH_FACTS_DIR, "facts.json"), JSON.stringify(facts));
    expect(readRootFacts(file, me + 1)).toBeNull();
    const link = path.join(here.paths.WATCH_FACTS_DIR, "link.json");
    fs.symlinkSync(file, link);
    expect(readRootFacts(link, me)).toBeNull();
    here.write(file, JSON.stringify({ ...facts, secrets: "yes" }));
    expect(readRootFacts(file, me)).toBeNull();
  });
});

test("every check runs on root's facts with a machine that runs nothing but apt-get -s", async () => {
  const here = place();
  here.machine.script = (_service, file) => {
    if (file === "server/login/editors.ts") return ran("asha\n");
    if (file === "server/editor/repair.ts") return ran("ok\n");
    return ran("[]");
  };
  const facts = gatherRootFacts(here.settings, here.paths, () => me, here.machine, here.now);
  const asked: string[] = [];
  const watchMachine = {
    ...here.machine,
    run: (command: string, args: string[]) => {
      asked.push(command);
      if (command !== "apt-get" || !args.includes("-s")) throw new Error(`${command} needs root`);
      return ran();
    },
  };
  const context = checkContext(here.settings, here.paths, () => me, watchMachine, facts, here.now);
  const failed = (await allChecks(context)).filter((finding) => /^The check of /.test(finding.text));
  expect(failed).toEqual([]);
  // Asked once for the security and the stable updates both.
  expect(asked).toEqual(["apt-get"]);
});
