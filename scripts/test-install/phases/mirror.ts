// The site mirrored to an S3-compatible bucket with one command (a bucket the keys cannot
// use refused first), and off again.
import fs from "node:fs";
import { quoteRoute, services } from "../../../e2e/content";
import { check, report, until, phase, type Phase } from "../run";
import { DOMAIN, status } from "../site";

export const phases: Phase[] = [
  phase("a", "the site mirrored to a bucket with one command, and off again", async (a) => {
    // Debian 13's moto_server as the S3-compatible service, on this machine's loopback.
    a.must("systemd-run --unit=test-bucket --property=Type=exec moto_server -H 127.0.0.1 -p 5005");
    await until("moto_server to answer", () => a.run("curl -s -o /dev/null http://127.0.0.1:5005/").status === 0);
    const s3 = (code: string) =>
      a.must(`python3 - <<'PY'
import boto3, json
s3 = boto3.client("s3", endpoint_url="http://127.0.0.1:5005", aws_access_key_id="testing", aws_secret_access_key="testingsecret", region_name="us-east-1")
${code}
PY`);
    s3('s3.create_bucket(Bucket="site-mirror")');
    const keys = "MIRROR_ACCESS_KEY_ID=testing MIRROR_SECRET_ACCESS_KEY=testingsecret";
    const set = (bucket: string) =>
      a.run(
        `${keys} sitectl mirror set --endpoint http://127.0.0.1:5005 --bucket ${bucket} --url https://www.mirror.test`,
        { timeoutMs: 20 * 60_000 },
      );
    const refused = set("no-such-bucket");
    check(
      refused.status !== 0 &&
        /could not list the bucket/.test(refused.stderr) &&
        !fs.existsSync(a.file("/etc/anodising/mirror.env")),
      "a bucket the keys cannot use is refused, saying which step failed; nothing is written",
      refused.stdout + refused.stderr,
    );
    const started = Date.now();
    const ran = set("site-mirror");
    report("mirror-set.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 0 && /The bucket serves release/.test(ran.stdout),
      `sitectl mirror set checks the bucket, builds the pages again and copies the release (${Math.round((Date.now() - started) / 1000)} s)`,
      ran.stdout + ran.stderr,
    );
    check(
      a.must("stat -c '%U:%G %a' /etc/anodising/mirror.env").trim() === "root:root 600",
      "the keys are in a file only root reads",
    );
    const live = status(a).live!.release;
    const held = JSON.parse(
      s3(`print(json.dumps([o["Key"] for o in s3.list_objects_v2(Bucket="site-mirror")["Contents"]]))`),
    ) as string[];
    const slug = services[0].slug;
    check(
      held.includes("index.html") &&
        held.includes(slug) &&
        held.includes(`${slug}/index.html`) &&
        !held.some((key) => /^(admin|_enquiry)\//.test(key)),
      `the bucket holds the live release's ${held.length} objects, pages at their addresses, without the editor or the enquiry service's files`,
      held.slice(0, 50).join("\n"),
    );
    const home = JSON.parse(
      s3(
        `o = s3.get_object(Bucket="site-mirror", Key="index.html"); print(json.dumps([o["ContentType"], o["CacheControl"], o["Body"].read().decode()]))`,
      ),
    ) as [string, string, string];
    check(
      home[0] === "text/html; charset=utf-8" &&
        home[1] === "public, max-age=0, must-revalidate" &&
        home[2] === fs.readFileSync(a.file(`/srv/site/host/releases/${live}/index.html`), "utf8"),
      "its home page is the live one, with nginx's type and cache lifetime",
      home.slice(0, 2).join("\n"),
    );
    check(
      /<form[^>]+action="https:\/\/www\.anodising\.test\/api\/enquiry"/.test(
        fs.readFileSync(a.file(`/srv/site/host/live${quoteRoute}/index.html`), "utf8"),
      ),
      `pages built with the mirror on send the quote form to https://${DOMAIN}, the server's own name`,
    );
    const doctor = a.run("sitectl doctor");
    report("mirror-doctor.txt", doctor.stdout);
    check(
      /ok +the bucket \S+ serves the live release/.test(doctor.stdout) &&
        /PROBLEM.*https:\/\/www\.mirror\.test\/ does not answer/.test(doctor.stdout),
      "doctor: the bucket serves the live release, and the public name (no CDN here) is asked too",
      doctor.stdout,
    );
    const off = a.run("sitectl mirror off", { timeoutMs: 20 * 60_000 });
    report("mirror-off.txt", off.stdout + off.stderr);
    check(
      off.status === 0 && !fs.existsSync(a.file("/etc/anodising/mirror.env")),
      "sitectl mirror off: no more copies, the pages built again",
      off.stdout + off.stderr,
    );
    a.run("systemctl stop test-bucket");
    const clean = a.run("sitectl doctor");
    check(clean.status === 0, "sitectl doctor is clean again", clean.stdout);
  }),
];
