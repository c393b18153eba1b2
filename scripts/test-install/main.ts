// `npm run test:install`: the server installation tested where it runs. Two fresh Debian 13
// systems booted with systemd (systemd-nspawn, loopback-only network), the project's
// committed HEAD cloned into each, and docs/operations.md's one install command run as an
// operator would. What the run proves is listed in phases.ts, one file of phases each
// (`-- --list` prints them): machine A is installed with a certificate from Pebble (Let's
// Encrypt's test ACME server, inside A), serves visitors and staff, keeps each service to
// its own, takes enquiries, tells its operator of each kind of problem, reboots, is
// updated, mirrored, reported on and backed up; machine B is installed twice, refuses bad
// backups and is restored from A's. Every phase is timed; any failed check stops the run
// with its reason. About 30 minutes (3 more when the roots are not cached); not part of
// `npm test`. Run as root on a Debian or Ubuntu machine.
//
// `-- --keep` leaves both machines running; `-- --only NAME` then runs one file of phases
// again on them (`-- --from NAME` that file and the ones after), with what the earlier
// phases carried (run.ts).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Machine, host } from "./machine";
import { PHASE_FILES } from "./phases";
import { baseRoot, preparedRoot } from "./roots";
import {
  APP,
  CACHE,
  REPORT,
  checks,
  options,
  publishSeconds,
  report,
  resumed,
  saveCarried,
  timed,
  timings,
  toldAfter,
  until,
  type Phase,
} from "./run";
import { DOMAIN, SOURCE, resolveHere } from "./site";
import { markMailbox } from "./watch";

const NSSWITCH = fs.readFileSync("/etc/nsswitch.conf", "utf8");
const MACHINE_NAME = (on: Phase["on"]) => `anodising-${on}`;
const machineRoot = (on: Phase["on"]) => path.join(CACHE, `run-${on}`);
const machines: Partial<Record<Phase["on"], Machine>> = {};

/** A fresh machine: the prepared root copied, the project's HEAD cloned into it. */
function newMachine(on: Phase["on"], prepared: string): Machine {
  const root = machineRoot(on);
  removeRoot(on);
  host("cp", ["-a", "--reflink=auto", prepared, root]);
  fs.writeFileSync(path.join(root, "etc", "hostname"), `${on}\n`);
  fs.appendFileSync(path.join(root, "etc", "hosts"), `127.0.1.1 ${on}\n`);
  host("git", ["clone", "--quiet", "--no-hardlinks", APP, path.join(root, SOURCE)]);
  // As if copied onto the server: no origin here, so updates come from this clone.
  host("git", ["-C", path.join(root, SOURCE), "remote", "remove", "origin"]);
  return new Machine(MACHINE_NAME(on), root, path.join(REPORT, `console-${on}.log`));
}

/** The machine a phase runs on: the kept one (--only, --from), or a new one booted now. */
async function machineFor(on: Phase["on"], prepared: string): Promise<Machine> {
  const known = machines[on];
  if (known) return known;
  if (resumed) {
    const kept = new Machine(MACHINE_NAME(on), machineRoot(on), path.join(REPORT, `console-${on}.log`));
    if (kept.attach()) return (machines[on] = kept);
    // A run that stopped before B began (--from): B is made now, as the whole run would.
    assert.ok(
      on === "b" && !options.only,
      `machine ${on.toUpperCase()} is not running: run the whole test with --keep first.`,
    );
    prepared = prepared || preparedRoot(CACHE, APP, baseRoot(CACHE));
  }
  // A is done with when B starts: powered off, to leave B the machine's cores.
  if (on === "b" && machines.a && !options.keep) await machines.a.stop();
  const machine = newMachine(on, prepared);
  machines[on] = machine;
  if (on === "a") resolveHere(machine, DOMAIN);
  await timed(`${on.toUpperCase()}: boot with systemd`, () => machine.boot());
  return machine;
}

/** The files of phases this run takes, by name: all, one (--only) or from one on (--from). */
function chosenFiles(): string[] {
  const names = Object.keys(PHASE_FILES);
  const listed = new Set(names);
  const unlisted = fs
    .readdirSync(path.join(__dirname, "phases"))
    .map((file) => file.replace(/\.ts$/, ""))
    .filter((name) => !listed.has(name));
  assert.deepEqual(unlisted, [], "a file in scripts/test-install/phases/ is not listed in phases.ts");
  const asked = options.only ?? options.from;
  if (!asked) return names;
  assert.ok(listed.has(asked), `no phases called ${asked}; there are: ${names.join(", ")}`);
  return options.only ? [asked] : names.slice(names.indexOf(asked));
}

/** Each file's name with what it proves (its first comment lines). */
function listFiles(): void {
  for (const name of Object.keys(PHASE_FILES)) {
    const text = fs.readFileSync(path.join(__dirname, "phases", `${name}.ts`), "utf8");
    const proves = text
      .split("\n")
      .filter((line) => line.startsWith("//"))
      .map((line) => line.replace(/^\/\/ ?/, ""))
      .join(" ");
    console.log(`${name}\n  ${proves}\n`);
  }
}

async function main(): Promise<void> {
  if (options.list) return listFiles();
  assert.equal(process.getuid?.(), 0, "npm run test:install boots Debian systems: run it as root.");
  if (options.stop) {
    await stopLeftovers();
    for (const on of ["a", "b"] as const) removeRoot(on);
    console.log(`Stopped the kept machines and removed ${machineRoot("a")} and ${machineRoot("b")}.`);
    return;
  }
  const files = chosenFiles();
  // A part of a run adds to the results of the run it continues.
  if (!resumed) fs.rmSync(REPORT, { recursive: true, force: true });
  fs.mkdirSync(REPORT, { recursive: true });
  fs.mkdirSync(CACHE, { recursive: true });
  let prepared = "";
  if (!resumed) {
    await timed("host tools (debootstrap, systemd-nspawn)", async () => {
      await stopLeftovers();
      const missing = ["debootstrap", "systemd-nspawn"].filter(
        (tool) => host("bash", ["-c", `command -v ${tool} || true`]).trim() === "",
      );
      if (missing.length) {
        // --no-install-recommends: without libnss-mymachines, which would edit /etc/nsswitch.conf.
        host("bash", [
          "-c",
          "apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap systemd-container",
        ]);
      }
    });
    await timed("Debian 13 root (cached in " + CACHE + ")", () => {
      prepared = preparedRoot(CACHE, APP, baseRoot(CACHE));
    });
  }
  for (const file of files) {
    for (const step of PHASE_FILES[file].phases) {
      const machine = await machineFor(step.on, prepared);
      markMailbox(machine);
      await timed(`${step.on.toUpperCase()}: ${step.name}  [${file}]`, () => step.run(machine));
      saveCarried();
    }
  }
}

/**
 * Machines an earlier run left running (--keep, or a run killed): powered off through their
 * own systemd (killing systemd-nspawn alone leaves the machine's systemd running, orphaned),
 * then any systemd-nspawn still there killed.
 */
async function stopLeftovers(): Promise<void> {
  for (const on of ["a", "b"] as const) {
    const kept = new Machine(MACHINE_NAME(on), machineRoot(on), path.join(REPORT, `console-${on}.log`));
    if (kept.attach()) await kept.stop();
  }
  const left = () =>
    spawnSync("pgrep", ["-f", "systemd-nspawn.*--machine=anodising-"], { encoding: "utf8" }).stdout.trim();
  if (!left()) return;
  host("pkill", ["-KILL", "-f", "systemd-nspawn.*--machine=anodising-"]);
  // A command still entered in one would keep its namespace (and the machine) from ending.
  spawnSync("pkill", ["-KILL", "-f", "^nsenter --target=[0-9]+ --mount --uts --ipc --net --pid --root"]);
  await until("the machines of an earlier run to stop", () => !left(), 60_000);
}

async function cleanUp(): Promise<void> {
  if (options.keep) {
    const running = (["a", "b"] as const).filter((on) => machines[on]).map(machineRoot);
    if (running.length) {
      console.log(`\nKept running: ${running.join(", ")}`);
      console.log("Run one file of phases again on them: npm run test:install -- --only NAME (-- --list names them)");
    }
    return;
  }
  for (const machine of Object.values(machines)) await machine.stop().catch((error) => console.error(error));
  for (const on of ["a", "b"] as const) removeRoot(on);
}

/** A machine's root removed; files its last processes were still closing are tried again. */
const removeRoot = (on: Phase["on"]) =>
  fs.rmSync(machineRoot(on), { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });

const started = Date.now();
main()
  .then(
    () => 0,
    (error) => {
      console.error(`\nFAILED: ${(error as Error).message}`);
      return 1;
    },
  )
  .then(async (code) => {
    if (options.list || options.stop) process.exit(code);
    await cleanUp();
    const left = spawnSync("pgrep", ["-fa", "systemd-nspawn.*--machine=anodising-"], {
      encoding: "utf8",
    }).stdout.trim();
    if (left && !options.keep) {
      console.error(`left running: ${left}`);
      code = 1;
    }
    if (fs.readFileSync("/etc/nsswitch.conf", "utf8") !== NSSWITCH) {
      console.error("/etc/nsswitch.conf changed during the run");
      code = 1;
    }
    console.log("\nPhases:");
    for (const [name, seconds] of timings) console.log(`  ${String(seconds).padStart(5)} s  ${name}`);
    console.log(
      `  ${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s  in all; ${checks.length} checks passed`,
    );
    console.log(
      "\nFrom a problem's cause until the operator was told (the run triggered by hand; the timer adds up to 15 min):",
    );
    for (const [kind, seconds] of toldAfter) console.log(`  ${String(seconds).padStart(5)} s  ${kind}`);
    console.log(`\nA staff change from its commit until live: ${publishSeconds.join(" s, ")} s`);
    report(
      "summary.txt",
      `${timings.map(([name, s]) => `${s} s  ${name}`).join("\n")}\n${checks.map((c) => `ok ${c}`).join("\n")}\n` +
        `${toldAfter.map(([kind, s]) => `told after ${s} s: ${kind}`).join("\n")}\n`,
    );
    process.exit(code);
  });
