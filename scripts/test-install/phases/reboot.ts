// After a reboot the server serves the same release, with no new build, and the editor
// opens.
import { check, until, phase, type Phase } from "../run";
import { DOMAIN, basic, curl, status } from "../site";

export const phases: Phase[] = [
  phase("a", "reboot", async (a) => {
    const before = status(a);
    await a.reboot();
    await until(
      "https after the reboot",
      () => curl(a, `--cacert /root/pebble/root.pem https://${DOMAIN}/`) === "200",
      120_000,
    );
    const after = status(a);
    check(
      after.live?.release === before.live?.release && after.history.length === before.history.length,
      "after a reboot it serves the same release, with no new build",
    );
    // The editor's backend listens a few seconds after nginx does.
    const editor = () => curl(a, `--cacert /root/pebble/root.pem ${basic} https://${DOMAIN}/admin/`);
    await until("the editor after the reboot", () => editor() === "200", 120_000);
    check(editor() === "200", "and the editor opens");
    const doctor = a.run("sitectl doctor");
    check(doctor.status === 0, "sitectl doctor is clean after the reboot", doctor.stdout);
  }),
];
