// `sitectl update` moves to new code, rolls back from code that does not build with the
// site answering throughout, and `sitectl republish` builds the head again.
import fs from "node:fs";
import path from "node:path";
import { check, report, phase, type Phase } from "../run";
import { DOMAIN, OFFLINE, curl, status, repoHead, codeInUse, commitToClone } from "../site";

export const phases: Phase[] = [
  phase("a", "sitectl update to new code", async (a) => {
    const next = commitToClone(a, "A harmless code change", (clone) =>
      fs.appendFileSync(path.join(clone, "README.md"), "\nUpdated on the server by the install test.\n"),
    ).slice(0, 12);
    const ran = a.run("sitectl update", { env: OFFLINE });
    report("update-good.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 0 && codeInUse(a) === next,
      `sitectl update moves to the new code (${next})`,
      ran.stdout + ran.stderr,
    );
    check(status(a).live?.commit === repoHead(a), "its merge into the content repository is live");
  }),
  phase("a", "sitectl update to a commit that breaks the build rolls back", async (a) => {
    const code = codeInUse(a);
    const head = repoHead(a);
    const live = status(a).live?.release;
    commitToClone(a, "A commit that breaks the build", (clone) => {
      const gatsbyNode = path.join(clone, "gatsby-node.ts");
      const text = fs.readFileSync(gatsbyNode, "utf8");
      fs.writeFileSync(gatsbyNode, `throw new Error("This commit does not build (install test).");\n${text}`);
    });
    const update = a.start("sitectl update", "/root/update-broken.txt", OFFLINE);
    const exited = new Promise<number>((resolve) => update.once("exit", (code) => resolve(code ?? 1)));
    let requests = 0;
    let down = 0;
    let finished = false;
    void exited.then(() => (finished = true));
    while (!finished) {
      requests += 1;
      if (curl(a, `--cacert /root/pebble/root.pem https://${DOMAIN}/`) !== "200") down += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const output = fs.readFileSync(a.file("/root/update-broken.txt"), "utf8");
    report("update-broken.txt", output);
    check((await exited) !== 0 && /rolled back/.test(output), "sitectl update fails and says it rolled back", output);
    check(codeInUse(a) === code && repoHead(a) === head, "the previous code and repository head are back");
    check(status(a).live?.release === live, "the live release never changed");
    check(down === 0, `the site answered 200 to all ${requests} requests during the update`);
    const doctor = a.run("sitectl doctor");
    check(doctor.status === 0, "sitectl doctor is clean after the rollback", doctor.stdout);
  }),
  phase("a", "sitectl republish builds the head again", (a) => {
    const before = status(a).live?.release;
    const ran = a.run("sitectl republish");
    report("republish.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 0 && status(a).live?.release !== before,
      "a new release of the same commit is live",
      ran.stdout + ran.stderr,
    );
  }),
];
