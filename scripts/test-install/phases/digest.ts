// The weekly digests: the operator's (the week's releases, enquiries, certificate and
// problems) and the owner's (visitors, a table and a chart).
import { carried, check, report, phase, type Phase } from "../run";
import { ALERTS_TO, OWNER_TO } from "../site";
import { mailsTo, told } from "../watch";

export const phases: Phase[] = [
  phase("a", "the weekly digest says what the week held", async (a) => {
    // Since the machine started, unless an earlier run of this phase asked for one.
    const early = (await mailsTo(a, ALERTS_TO, { whole: !carried.digestAsked })).filter((mail) =>
      /Weekly: /.test(mail.subject),
    );
    check(early.length === 0, "none came before its week was over", early.map((mail) => mail.subject).join("\n"));
    carried.digestAsked = true;
    const ran = a.run("sitectl watch --digest");
    check(ran.status === 0, "sitectl watch --digest sends it now", ran.stdout + ran.stderr);
    const received = await told(a, ALERTS_TO, /Weekly: /, { trigger: false });
    report("digest.txt", `Subject: ${received.mail.subject}\n\n${received.mail.text}`);
    check(
      /Published: [1-9]/.test(received.mail.text) &&
        /Enquiries: [1-9]\d* received/.test(received.mail.text) &&
        /Certificate: \d+ days left/.test(received.mail.text) &&
        /Problems during the week, now resolved:/.test(received.mail.text) &&
        /the certificate for/.test(received.mail.text),
      "it names the releases, the enquiries, the certificate's days, and the problems that came and went",
      received.mail.text,
    );
    const owner = await told(a, OWNER_TO, /Your week: /, { trigger: false });
    report("owner-digest.txt", `Subject: ${owner.mail.subject}\n\n${owner.mail.text}`);
    check(
      /Visitors: [1-9]/.test(owner.mail.text) && owner.mail.html && owner.mail.pictures === 1,
      "the owner's weekly e-mail: the week's visitors, with a table and a chart",
      owner.mail.text,
    );
  }),
];
