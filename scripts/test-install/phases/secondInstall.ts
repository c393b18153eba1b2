// Machine B: an install interrupted half way and run again with a domain that does not
// resolve (plain HTTP meanwhile), then for a self-signed certificate.
import { check, report, until, phase, type Phase } from "../run";
import { DOMAIN, UNRESOLVED, OFFLINE, readIfThere, resolveHere, installCommand, loginEnv, curl } from "../site";

export const phases: Phase[] = [
  phase("b", "an install interrupted half way, then run again", async (b) => {
    const install = b.start(
      installCommand(`--domain ${UNRESOLVED} --email ops@anodising.test`, loginEnv) + " ",
      "/root/install-interrupted.txt",
    );
    await until(
      "npm ci to start",
      () => /npm ci/.test(readIfThere(b.file("/root/install-interrupted.txt"))),
      10 * 60_000,
    );
    process.kill(-install.pid!, "SIGKILL");
    b.run("pkill -KILL -f 'npm ci' || true");
    const ran = b.run(installCommand(`--domain ${UNRESOLVED} --email ops@anodising.test`, loginEnv), { env: OFFLINE });
    report("install-b-unresolved.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 2 && ran.stdout.includes("does not resolve"),
      "with a domain that does not resolve, it says so and what to do (exit 2)",
      ran.stdout.slice(-3000),
    );
    const resolve = `--resolve ${UNRESOLVED}:80:127.0.0.1`;
    check(curl(b, `${resolve} http://${UNRESOLVED}/`) === "200", "and the site works over plain HTTP meanwhile");
    check(curl(b, `${resolve} http://${UNRESOLVED}/admin/`) === "503", "while the editor waits for HTTPS (503)");
  }),
  phase("b", "the install command again, for a self-signed certificate", (b) => {
    resolveHere(b, DOMAIN);
    const ran = b.run(installCommand(`--domain ${DOMAIN} --tls self-signed`, loginEnv), { env: OFFLINE });
    report("install-b.txt", ran.stdout + ran.stderr);
    check(ran.status === 0, "deploy/install --tls self-signed exits 0", ran.stdout.slice(-3000));
    check(curl(b, `-k https://${DOMAIN}/`) === "200", "https on / with the self-signed certificate");
  }),
];
