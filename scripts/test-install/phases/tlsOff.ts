// `--tls off`, for a TLS proxy on the same machine: plain HTTP on 127.0.0.1:80 only, the
// editor behind its login.
import { check, report, phase, type Phase } from "../run";
import { DOMAIN, OFFLINE, installCommand, loginEnv, basic, curl } from "../site";

export const phases: Phase[] = [
  phase("b", "--tls off, for a TLS proxy on the same machine", (b) => {
    const ran = b.run(installCommand(`--domain ${DOMAIN} --tls off`, loginEnv), { env: OFFLINE });
    report("install-b-tls-off.txt", ran.stdout + ran.stderr);
    check(ran.status === 0, "deploy/install --tls off exits 0", ran.stdout.slice(-3000));
    check(curl(b, `-H 'Host: ${DOMAIN}' http://127.0.0.1/`) === "200", "the site answers plain HTTP on 127.0.0.1:80");
    check(
      curl(b, `-H 'Host: ${DOMAIN}' ${basic} http://127.0.0.1/admin/`) === "200",
      "with the editor behind its login",
    );
    check(curl(b, `-k https://${DOMAIN}/`) === "000", "and nothing listens on 443");
  }),
];
