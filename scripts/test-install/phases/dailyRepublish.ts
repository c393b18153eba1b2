// A document whose validity lapsed leaves its page at the daily republish, and staff are
// warned.
import fs from "node:fs";
import path from "node:path";
import { edited } from "../../../server/tests/host";
import { check, until, phase, type Phase } from "../run";
import { DOMAIN, status, RESTART_PUBLISHER, repoHead, staffSaveFile } from "../site";
import { firstDocument } from "../watch";

export const phases: Phase[] = [
  phase("a", "a lapsed document leaves the page at the daily republish", async (a) => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const document = firstDocument(a);
    const page = () => a.must(`curl -sS --cacert /root/pebble/root.pem https://${DOMAIN}${document.route}`);
    const offered = () => page().includes(`/${document.fileName}"`);
    // The publisher builds as if it were yesterday (libfaketime), when a document valid until
    // yesterday is still offered; the daily republish then runs today, as its timer would.
    const dropIn = a.file("/etc/systemd/system/anodising-publisher.service.d/yesterday.conf");
    fs.mkdirSync(path.dirname(dropIn), { recursive: true });
    fs.writeFileSync(
      dropIn,
      "[Service]\nEnvironment=LD_PRELOAD=/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1 FAKETIME=-1d DONT_FAKE_MONOTONIC=1\n",
    );
    a.must(RESTART_PUBLISHER);
    const file = a.file(`/srv/site/host/repo/content/${document.name}.yaml`);
    const saved = staffSaveFile(
      a,
      document.name,
      edited(fs.readFileSync(file, "utf8"), [...document.path, "validUntil"], day(-1)),
    );
    check(saved.endsWith("\n200"), `staff set "${document.title}" valid until ${day(-1)}`, saved);
    const head = repoHead(a);
    await until("the change to go live", () => status(a).live?.commit === head);
    check(offered(), `built yesterday, ${document.route} offers it`);
    check(
      status(a).nextChange === day(0),
      `and the publisher notes the pages change on ${day(0)}`,
      JSON.stringify(status(a).nextChange),
    );
    fs.rmSync(dropIn);
    a.must(RESTART_PUBLISHER);
    const live = status(a).live?.release;
    const daily = () => {
      const since = Math.floor(Date.now() / 1000) - 1;
      return a.run(
        `systemctl start anodising-republish.service && journalctl -u anodising-republish -o cat --since=@${since} | grep '^republish:'`,
      );
    };
    const asked = daily();
    check(
      /republish: asked for/.test(asked.stdout),
      "the daily republish asks for a build",
      asked.stdout + asked.stderr,
    );
    await until("the republish to go live", () => status(a).live?.release !== live && status(a).state === "idle");
    check(!offered(), `${document.route} no longer offers the lapsed document`);
    check(
      status(a).warnings.some((warning) => warning.includes(`"${document.title}" was valid until ${day(-1)}`)),
      "and staff are warned to upload the renewed one",
      JSON.stringify(status(a).warnings),
    );
    const again = daily();
    check(/not needed today/.test(again.stdout), "run again the same day, it builds nothing", again.stdout);
    // Back as it was, for the phases after.
    const restored = staffSaveFile(
      a,
      document.name,
      edited(fs.readFileSync(file, "utf8"), [...document.path, "validUntil"], day(3650)),
    );
    check(restored.endsWith("\n200"), "the document made valid again");
    const restoredHead = repoHead(a);
    await until("that to go live", () => status(a).live?.commit === restoredHead && status(a).state === "idle");
  }),
];
