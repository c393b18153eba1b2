// What a visitor and staff get from the installed server: HTTPS with HTTP/2, precompressed
// pages, the login in front of /admin/, services confined (systemd-analyze security), and
// a staff edit through the editor's API going live.
import { services } from "../../../e2e/content";
import { newPhone } from "../../../server/tests/host";
import { check, until, phase, type Phase } from "../run";
import { DOMAIN, MAX_EXPOSURE, basic, curl, status, repoHead, staffSave } from "../site";

export const phases: Phase[] = [
  phase("a", "what a visitor and staff get", (a) => {
    a.must("curl -sSf --cacert /root/pebble/ca.pem https://localhost:15000/roots/0 > /root/pebble/root.pem");
    const base = `https://${DOMAIN}/`;
    const verified = `--cacert /root/pebble/root.pem`;
    check(
      curl(a, `${verified} ${base}`, "%{http_code} HTTP/%{http_version}") === "200 HTTP/2",
      "https on / with HTTP/2, the certificate verified against Pebble's root",
    );
    const issuer = a.must(`openssl x509 -in /etc/letsencrypt/live/${DOMAIN}/cert.pem -noout -issuer`);
    check(/Pebble/.test(issuer), "the certificate was issued by Pebble", issuer);
    check(curl(a, `${verified} ${base}${services[0].slug}`) === "200", `a service page: /${services[0].slug}`);
    const encoding = a.must(
      `curl -sS ${verified} -H 'Accept-Encoding: br' -D - -o /dev/null ${base} | tr -d '\\r' | grep -i '^content-encoding' || true`,
    );
    check(/br/.test(encoding), "pages come precompressed with brotli", encoding);
    check(
      curl(a, `http://${DOMAIN}/some/page?x=1`, "%{http_code} %{redirect_url}") ===
        `301 https://${DOMAIN}/some/page?x=1`,
      "plain HTTP is redirected to HTTPS",
    );
    a.must(
      "mkdir -p /var/lib/anodising/acme/.well-known/acme-challenge && echo probe > /var/lib/anodising/acme/.well-known/acme-challenge/probe",
    );
    check(
      a.must(`curl -sS http://${DOMAIN}/.well-known/acme-challenge/probe`).trim() === "probe",
      "except the ACME challenge, served over HTTP",
    );
    check(curl(a, `${verified} ${base}admin/`) === "401", "/admin/ asks for a login (401)");
    check(
      curl(a, `${verified} ${basic} ${base}admin/`) === "200",
      "/admin/ opens with the login the install created (200)",
    );
    for (const unit of ["anodising-publisher", "anodising-login", "anodising-editor", "anodising-enquiry"]) {
      const line = a.must(`systemd-analyze security --no-pager ${unit} | tail -1`);
      const exposure = Number(/level for \S+: ([\d.]+)/.exec(line)?.[1]);
      check(
        exposure <= MAX_EXPOSURE,
        `${unit}: exposure ${exposure} (systemd-analyze security; at most ${MAX_EXPOSURE})`,
        line,
      );
    }
  }),
  phase("a", "a staff edit through the editor's API goes live", async (a) => {
    const before = repoHead(a);
    const phone = newPhone();
    const answer = staffSave(a, phone);
    check(answer.endsWith("\n200") && repoHead(a) !== before, "the save is a commit on main (200)", answer);
    const head = repoHead(a);
    await until("the edit to go live", () => status(a).live?.commit === head);
    check(
      a.must(`curl -sS --cacert /root/pebble/root.pem https://${DOMAIN}/`).includes(phone),
      "the new phone number is on the live home page",
    );
  }),
];
