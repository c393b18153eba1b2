// Security updates apply themselves: the install leaves Debian's unattended-upgrades set
// up and run once; a security update published later (a package in a local archive that
// calls itself Debian's security archive, as the real one does) is installed by apt's own
// daily unit, and `sitectl doctor` says when and what. needrestart restarts services after
// a library update; `sitectl reboots` sets an automatic restart hour, off by default.
import { check, report, phase, type Phase } from "../run";

const PROBE = "anodising-update-probe";
const ARCHIVE = "/root/security-archive";
const LIST = "/etc/apt/sources.list.d/anodising-update-probe.list";

/** Builds version `version` of the probe package and (re)writes the archive's indexes around it. */
function publish(version: string): string {
  return `set -eu
  work=$(mktemp -d)
  mkdir -p "$work/DEBIAN" "$work/usr/share/doc/${PROBE}" ${ARCHIVE}
  printf 'Package: ${PROBE}\\nVersion: ${version}\\nArchitecture: all\\nMaintainer: Install test <root@localhost>\\nDescription: stands for a security update in the install test\\n' > "$work/DEBIAN/control"
  echo ${version} > "$work/usr/share/doc/${PROBE}/version"
  rm -f ${ARCHIVE}/*.deb
  dpkg-deb --build --root-owner-group "$work" ${ARCHIVE}/${PROBE}_${version}_all.deb >/dev/null
  rm -rf "$work"
  cd ${ARCHIVE}
  deb=${PROBE}_${version}_all.deb
  { dpkg-deb -f "$deb"; printf 'Filename: ./%s\\nSize: %s\\nSHA256: %s\\n\\n' "$deb" "$(stat -c %s "$deb")" "$(sha256sum "$deb" | cut -d' ' -f1)"; } > Packages
  { printf 'Origin: Debian\\nLabel: Debian-Security\\nSuite: stable-security\\nCodename: trixie-security\\nArchitectures: all amd64\\nDate: %s\\nSHA256:\\n' "$(date -Ru)"
    printf ' %s %s Packages\\n' "$(sha256sum Packages | cut -d' ' -f1)" "$(stat -c %s Packages)"; } > Release
  echo 'deb [trusted=yes] file:${ARCHIVE} ./' > ${LIST}
  apt-get update -q -o Dir::Etc::sourcelist=${LIST} -o Dir::Etc::sourceparts=- -o APT::Get::List-Cleanup=0 >/dev/null`;
}

const installed = (a: Parameters<Phase["run"]>[0]) => a.run(`dpkg-query -W -f='\${Version}' ${PROBE}`).stdout.trim();

export const phases: Phase[] = [
  phase("a", "the install set up and ran Debian's unattended-upgrades", (a) => {
    const periodic = a.run("apt-config dump APT::Periodic").stdout;
    check(
      /APT::Periodic::Unattended-Upgrade "1"/.test(periodic) && /Update-Package-Lists "1"/.test(periodic),
      "apt fetches the lists and runs unattended-upgrades daily",
      periodic,
    );
    const timers = a.run("systemctl is-enabled apt-daily.timer apt-daily-upgrade.timer");
    check(timers.status === 0, "apt's daily timers are enabled", timers.stdout);
    const origins = a.run("apt-config dump Unattended-Upgrade::Origins-Pattern").stdout;
    check(
      /label=Debian-Security/.test(origins) && !/label=Debian"/.test(origins),
      "its origins are Debian's security archive only",
      origins,
    );
    const log = a.run("cat /var/log/unattended-upgrades/unattended-upgrades.log").stdout;
    check(/Starting unattended upgrades script/.test(log), "the install ran it once", log.slice(-2000));
    const doctor = a.run("sitectl doctor");
    check(
      doctor.status === 0 && /security updates apply themselves daily: the last run/.test(doctor.stdout),
      "sitectl doctor shows its last run, and is clean",
      doctor.stdout,
    );
  }),
  phase("a", "a security update published later is applied by apt's daily unit", (a) => {
    a.must(publish("1.0"));
    a.must(`DEBIAN_FRONTEND=noninteractive apt-get install -y -q ${PROBE} >/dev/null`);
    check(installed(a) === "1.0", "version 1.0 of the probe package is installed");
    a.must(publish("1.1"));
    const simulated = a.run("apt-get -s upgrade").stdout;
    check(
      new RegExp(`Inst ${PROBE} .*Debian-Security`).test(simulated),
      "apt sees 1.1 as a security update",
      simulated,
    );
    // What the timer starts each morning; Type=oneshot, so start returns when it is done.
    const ran = a.run("systemctl start apt-daily-upgrade.service", { timeoutMs: 600_000 });
    const log = a.run("tail -n 40 /var/log/unattended-upgrades/unattended-upgrades.log").stdout;
    report("unattended-upgrades.txt", log);
    check(ran.status === 0 && installed(a) === "1.1", "apt-daily-upgrade.service installed 1.1", log);
    const doctor = a.run("sitectl doctor");
    report("doctor-after-update.txt", doctor.stdout);
    check(
      doctor.status === 0 && new RegExp(`the last run \\([^)]*\\) applied 1 \\(${PROBE}\\)`).test(doctor.stdout),
      "sitectl doctor says what the last run applied",
      doctor.stdout,
    );
    a.must(`apt-get purge -y -q ${PROBE} >/dev/null && rm -rf ${ARCHIVE} ${LIST}`);
  }),
  phase("a", "services restarted after a library update; an automatic reboot only at the hour picked", (a) => {
    check(
      /\$nrconf\{restart\} = 'a';/.test(a.run("cat /etc/needrestart/conf.d/50-anodising.conf").stdout) &&
        a.run("needrestart -b -r l").status === 0,
      "needrestart is installed and set to restart services without asking",
    );
    const reboot = () => a.run("apt-config dump Unattended-Upgrade::Automatic-Reboot").stdout;
    check(/Automatic-Reboot "false"/.test(reboot()), "by default the server never restarts by itself", reboot());
    const at = a.run("sitectl reboots at 04:30");
    check(
      at.status === 0 && /restarts by itself at 04:30/.test(at.stdout),
      "sitectl reboots at 04:30",
      at.stdout + at.stderr,
    );
    const dump = a.run("apt-config dump Unattended-Upgrade").stdout;
    check(
      /Automatic-Reboot "true"/.test(dump) && /Automatic-Reboot-Time "04:30"/.test(dump),
      "unattended-upgrades takes it (apt-config)",
      dump,
    );
    const bad = a.run("sitectl reboots at 25:00");
    check(bad.status !== 0 && /is not an hour/.test(bad.stderr), "an hour that is none is refused", bad.stderr);
    const off = a.run("sitectl reboots off");
    check(off.status === 0 && /Automatic-Reboot "false"/.test(reboot()), "sitectl reboots off", off.stdout);
  }),
];
