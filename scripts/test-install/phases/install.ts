// Machine A takes the one install command an operator runs, with its certificate from an
// ACME server (Pebble, inside A), and the same command again changes nothing.
import fs from "node:fs";
import path from "node:path";
import { host, type Machine } from "../machine";
import { check, report, phase, type Phase } from "../run";
import { OFFLINE, installCommand, acmeArgs, loginEnv } from "../site";

/** Pebble inside the machine, with a CA of its own for its HTTPS (/root/pebble/ca.pem). */
function startPebble(machine: Machine): void {
  const dir = machine.file("/root/pebble");
  fs.mkdirSync(dir, { recursive: true });
  const sh = (script: string) => host("bash", ["-euc", script], { cwd: dir });
  sh(`openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=Test ACME server CA" -keyout ca.key -out ca.pem 2>/dev/null
      openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout server.key -out server.csr 2>/dev/null
      printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\\n' > san.ext
      openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 30 -extfile san.ext -out server.pem 2>/dev/null`);
  fs.writeFileSync(
    path.join(dir, "config.json"),
    JSON.stringify({
      pebble: {
        listenAddress: "127.0.0.1:14000",
        managementListenAddress: "127.0.0.1:15000",
        certificate: "/root/pebble/server.pem",
        privateKey: "/root/pebble/server.key",
        httpPort: 80,
        tlsPort: 443,
        ocspResponderURL: "",
        externalAccountBindingRequired: false,
      },
    }),
  );
  machine.must(
    "systemd-run --quiet --unit=pebble --setenv=PEBBLE_VA_NOSLEEP=1 --setenv=PEBBLE_WFE_NONCEREJECT=0 /usr/bin/pebble -config /root/pebble/config.json",
  );
  machine.must(
    "for i in $(seq 100); do curl -sf --cacert /root/pebble/ca.pem https://localhost:14000/dir >/dev/null && exit 0; sleep 0.2; done; exit 1",
  );
}

export const phases: Phase[] = [
  phase("a", "Pebble, and the one install command", (a) => {
    startPebble(a);
    const ran = a.run(installCommand(acmeArgs, `${loginEnv} SMTP_URL=smtp://127.0.0.1:25`), { env: OFFLINE });
    const file = report("install-a.txt", ran.stdout + ran.stderr);
    check(ran.status === 0, "deploy/install exits 0", `${file}:\n${ran.stdout.slice(-3000)}\n${ran.stderr}`);
    console.log(`   the transcript: ${file} (${ran.stdout.split("\n").length} lines)`);
  }),
  phase("a", "the install command again changes nothing", (a) => {
    const ran = a.run(installCommand(acmeArgs, loginEnv), { env: OFFLINE });
    report("install-a-again.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 0 && ran.stdout.includes("Nothing changed"),
      "a second run says nothing changed",
      ran.stdout.slice(-3000),
    );
  }),
];
