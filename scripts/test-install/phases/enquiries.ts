// A buyer's enquiry is spooled, mailed to the operator's address (which one command
// changes), listed by doctor; staff read it and its drawing behind the login, and restore
// an earlier version of a page.
import crypto from "node:crypto";
import fs from "node:fs";
import YAML from "yaml";
import { services } from "../../../e2e/content";
import { carried, check, report, until, publishSeconds, phase, type Phase } from "../run";
import {
  DOMAIN,
  ENQUIRIES_TO,
  ENQUIRIES_TO_LATER,
  readIfThere,
  basic,
  curl,
  status,
  repoHead,
  postEnquiry,
} from "../site";

export const phases: Phase[] = [
  phase("a", "an enquiry is spooled, mailed and listed by doctor", async (a) => {
    const reference = postEnquiry(a, `https://${DOMAIN}/`, "--cacert /root/pebble/root.pem");
    check(/^[0-9A-Z]{10}$/.test(reference), `the form took an enquiry: ${reference}`);
    const mailbox = () => readIfThere(a.file("/var/mail/root"));
    await until("the enquiry in root's mailbox", () => mailbox().includes(reference), 120_000);
    check(
      fs.existsSync(a.file(`/srv/site/enquiry/spool/sent/${reference}.eml`)) && mailbox().includes(reference),
      "the mail server (postfix) took it and delivered it",
    );
    /** The address postfix was asked to deliver a reference's message to (its X-Original-To). */
    const deliveredTo = (ref: string) =>
      mailbox()
        .split(/^From /m)
        .filter((message) => message.includes(`X-Enquiry-Reference: ${ref}`))
        .map((message) => /^X-Original-To: (.*)$/m.exec(message)?.[1]?.trim());
    check(
      JSON.stringify(deliveredTo(reference)) === JSON.stringify([ENQUIRIES_TO]),
      `to the operator's address, ${ENQUIRIES_TO}`,
      JSON.stringify(deliveredTo(reference)),
    );
    const changed = a.run(`sitectl enquiries-to ${ENQUIRIES_TO_LATER}`);
    check(
      changed.status === 0,
      `sitectl enquiries-to ${ENQUIRIES_TO_LATER} changes it`,
      changed.stdout + changed.stderr,
    );
    // The enquiry service was restarted: it answers again in a moment.
    let next = "";
    await until(
      "the enquiry service after its restart",
      () => {
        try {
          next = postEnquiry(a, `https://${DOMAIN}/`, "--cacert /root/pebble/root.pem");
          return true;
        } catch {
          return false;
        }
      },
      60_000,
    );
    await until("the next enquiry in root's mailbox", () => mailbox().includes(next), 120_000);
    check(
      JSON.stringify(deliveredTo(next)) === JSON.stringify([ENQUIRIES_TO_LATER]),
      `the next enquiry goes to ${ENQUIRIES_TO_LATER}`,
      JSON.stringify(deliveredTo(next)),
    );
    const doctor = a.run("sitectl doctor");
    report("doctor-a.txt", doctor.stdout + doctor.stderr);
    check(doctor.stdout.includes(reference), "sitectl doctor lists it", doctor.stdout);
    check(
      doctor.stdout.includes(`enquiries are e-mailed to ${ENQUIRIES_TO_LATER}`),
      "and says where enquiries go",
      doctor.stdout,
    );
    check(
      doctor.status === 0 && doctor.stdout.includes("No problems found."),
      "sitectl doctor is clean",
      doctor.stdout + doctor.stderr,
    );
  }),
  phase("a", "staff read an enquiry and its drawing at /admin/enquiries/, and restore a version", async (a) => {
    const tls = "--cacert /root/pebble/root.pem";
    const drawing = Buffer.concat([Buffer.from("%PDF-1.7\n% install test drawing\n"), crypto.randomBytes(2048)]);
    fs.writeFileSync(a.file("/root/drawing.pdf"), drawing);
    const posted = a.must(
      `curl -sS ${tls} -H 'Accept: application/json' -F 'name=Inbox Buyer' -F 'company=Inbox Works' -F 'email=inbox@buyer.test' -F 'service=${services[0].slug}' -F 'message=Read me in the browser.' -F 'consent=yes' -F 'drawing=@/root/drawing.pdf;filename=bracket.pdf' https://${DOMAIN}/api/enquiry`,
    );
    const reference = (JSON.parse(posted) as { reference?: string }).reference ?? "";
    check(/^[0-9A-Z]{10}$/.test(reference), `an enquiry with a drawing: ${reference}`, posted);
    const inbox = `https://${DOMAIN}/admin/enquiries/`;
    check(curl(a, `${tls} ${inbox}`) === "401", "the enquiries ask for the login (401)");
    const list = a.must(`curl -sS ${tls} ${basic} ${inbox}`);
    check(
      list.includes(reference) && list.includes("Inbox Works"),
      "the list shows it, with its company",
      list.slice(0, 2000),
    );
    const page = a.must(`curl -sS ${tls} ${basic} ${inbox}${reference}`);
    check(page.includes("Inbox Buyer") && page.includes("Read me in the browser."), "the enquiry reads in full");
    a.must(`curl -sS ${tls} ${basic} -D /root/file-headers.txt -o /root/drawing-back.pdf ${inbox}${reference}/file/0`);
    const headers = fs.readFileSync(a.file("/root/file-headers.txt"), "utf8");
    check(
      fs.readFileSync(a.file("/root/drawing-back.pdf")).equals(drawing) &&
        /content-disposition: attachment/i.test(headers),
      "its drawing downloads whole, as an attachment",
      headers,
    );
    await until(
      "the read in the enquiry service's journal",
      () =>
        a
          .run("journalctl -u anodising-enquiry --no-pager -o cat")
          .stdout.includes(`${carried.login.name} read ${reference}`),
      60_000,
    );
    check(true, `the read is logged: "${carried.login.name} read ${reference}"`);
    // The editor's user, with the editor's own secret, asks the service directly: refused.
    const editorSecret =
      /EDITOR_PROXY_SECRET=(.*)/.exec(fs.readFileSync(a.file("/etc/anodising/editor-proxy.env"), "utf8"))?.[1] ?? "";
    const direct = a.run(
      `runuser -u site-editor -- curl -s -o /dev/null -w '%{http_code}' -H 'X-Staff-Login: ${carried.login.name}' -H 'X-Staff-Secret: ${editorSecret}' http://127.0.0.1:8092/admin/enquiries/${reference}`,
    ).stdout;
    check(direct === "401", "the editor's user cannot read it from the service directly (401)", direct);

    // The last staff change of the site settings, restored away through /admin/history/.
    const editorGit =
      "runuser -u site-editor -- git -c core.hooksPath=/dev/null -c core.fsmonitor=false -C /srv/site/host/repo";
    const versions = a.must(`${editorGit} log -n2 --format=%H -- content/site.yaml`).trim().split("\n");
    const history = a.must(`curl -sS ${tls} ${basic} 'https://${DOMAIN}/admin/history/file?path=content%2Fsite.yaml'`);
    check(
      history.includes("This is the current version") && history.includes(versions[1]),
      "the settings' history lists its versions",
      history.slice(0, 2000),
    );
    const head = repoHead(a);
    const restored = a.must(
      `curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' ${tls} ${basic} -H 'Origin: https://${DOMAIN}' -H 'Sec-Fetch-Site: same-origin' --data 'path=content/site.yaml&commit=${versions[1]}' https://${DOMAIN}/admin/history/restore`,
    );
    check(restored.startsWith("303 ") && restored.includes("done=restored"), "restore this version: 303", restored);
    const after = repoHead(a);
    check(
      after !== head && a.must(`${editorGit} log -1 --format=%an`).trim() === carried.login.name,
      "a new commit, by the login",
    );
    const started = Date.now();
    await until("the restore to go live", () => status(a).live?.commit === after);
    publishSeconds.push(Math.round((Date.now() - started) / 1000));
    const phoneThen = (
      YAML.parse(a.must(`${editorGit} show ${versions[1]}:content/site.yaml`)) as {
        en: { contacts: { phone: string }[] };
      }
    ).en.contacts[0].phone;
    check(
      a.must(`curl -sS ${tls} https://${DOMAIN}/`).includes(phoneThen),
      `the restored phone is live (${publishSeconds.at(-1)} s after the restore)`,
    );
  }),
];
