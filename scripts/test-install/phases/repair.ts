// A content repository left detached with a stray file: staff are told, doctor names it,
// `sitectl repair` mends it, and staff save again.
import { newPhone } from "../../../server/tests/host";
import { check, report, until, publishSeconds, phase, type Phase } from "../run";
import { DOMAIN, basic, curl, status, repoHead, staffSave } from "../site";

export const phases: Phase[] = [
  phase("a", "a repository left detached with a stray file: the editor says so, sitectl repair mends it", async (a) => {
    const head = repoHead(a);
    a.must(
      "runuser -u site-editor -- sh -c 'cd /srv/site/host/repo && git -c core.fsmonitor=false checkout --quiet --detach && echo left: here > content/stray.yaml'",
    );
    const refused = staffSave(a, newPhone());
    check(
      refused.endsWith("\n409") && /needs repair .*sudo sitectl repair/.test(refused) && repoHead(a) === head,
      "a staff save is refused: 409, the repository needs repair, sudo sitectl repair",
      refused,
    );
    const doctor = a.run("sitectl doctor");
    check(
      doctor.status === 1 &&
        /needs repair \(no branch is checked out/.test(doctor.stdout) &&
        /fix: sitectl repair/.test(doctor.stdout),
      "sitectl doctor names it and its fix",
      doctor.stdout,
    );
    const repaired = a.run("sitectl repair");
    report("repair.txt", repaired.stdout + repaired.stderr);
    check(
      repaired.status === 0 &&
        /Repaired: /.test(repaired.stdout) &&
        /The editor is running again/.test(repaired.stdout),
      "sitectl repair exits 0 and says what it did",
      repaired.stdout + repaired.stderr,
    );
    check(a.run("sitectl doctor").status === 0, "sitectl doctor is clean again");
    const phone = newPhone();
    // The editor was restarted by the repair: it listens a moment later.
    await until(
      "the editor after the repair",
      () => curl(a, `--cacert /root/pebble/root.pem ${basic} https://${DOMAIN}/admin/`) === "200",
      120_000,
    );
    const saved = staffSave(a, phone);
    check(saved.endsWith("\n200"), "and staff save again (200)", saved);
    const after = repoHead(a);
    const savedAt = Date.now();
    await until("the save to go live", () => status(a).live?.commit === after);
    publishSeconds.push(Math.round((Date.now() - savedAt) / 1000));
  }),
];
