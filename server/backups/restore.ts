// Putting a checked backup in place (sitectl restore, after server/backups/check.ts): the
// services stop, then the content repository, the logins, the enquiries, the report's
// history, the settings and any certificates go in, and the services start again. What
// touches the server is passed in as steps (sitectl's are the real ones; a test records
// them), so the order and what happens when a step fails are plain code: nothing half-done
// stays (review 4, L9). What it replaced goes back and the services start again; if even
// that fails, the content from before is kept and the restore stays marked unfinished.
import { Failure, count, everyStepTried } from "../installed/shell";

/** What the restore does to the server, one step each. */
export interface RestoreSteps {
  say(line: string): void;
  stopServices(): void;
  /** Starts them; why not, or null. */
  startServices(): string | null;
  /** The restored repository in place, the one there kept aside (and the restore marked unfinished). */
  placeRepository(repo: string): void;
  /** The repository kept aside back in place (the restored one gone). */
  putRepositoryBack(): void;
  /** The login check's file as it is (null: there is none). */
  readLogins(): Buffer | null;
  writeLogins(data: Buffer | string): void;
  /** The backup's enquiries added to the spool; how many. */
  importSpool(): number;
  /** The report's history and the watch's state put back; a line each. */
  restoreHistory(): string[];
  /** A settings file as it is (null: there is none). */
  readSetting(file: string): Buffer | null;
  /** A settings file written whole (null: removed). */
  writeSetting(file: string, data: Buffer | string | null): void;
  /** The certificates put in place; the line that says so. */
  placeCertificates(): string;
  /** deploy/configure, then the content moved forward for this code. */
  configure(): void;
  /** The restore is over: no longer marked unfinished. */
  finished(): void;
}

/** What a checked backup brings. */
export interface Plan {
  repo: string;
  head: string;
  /** The logins' file and how many it holds; null when the backup has none. */
  logins: { data: Buffer; count: number } | null;
  /** Each settings file's text, read through its rules. */
  settings: Map<string, string>;
  certificates: boolean;
}

/** What a restore replaced, as it was. */
interface Replaced {
  repo: boolean;
  logins?: Buffer | null;
  settings: Map<string, Buffer | null>;
}

/** Puts back what a failed restore replaced, the last first; what could not be put back, a line each. */
function putBack(replaced: Replaced, steps: RestoreSteps): string[] {
  const { attempt, failed: unmended } = everyStepTried();
  for (const [file, was] of replaced.settings) attempt(file, () => steps.writeSetting(file, was));
  if (replaced.logins !== undefined) attempt("the logins", () => steps.writeLogins(replaced.logins ?? ""));
  if (replaced.repo) attempt("the content repository", () => steps.putRepositoryBack());
  if (!unmended.length) steps.finished();
  return unmended;
}

/** The backup in place, or, if any step fails, the server as it was with its services running. */
export function putInPlace(plan: Plan, steps: RestoreSteps, keptAside: string): void {
  const { say } = steps;
  steps.stopServices();
  const replaced: Replaced = { repo: false, settings: new Map() };
  try {
    steps.placeRepository(plan.repo);
    replaced.repo = true;
    say(`    content repository at ${plan.head.slice(0, 7)} (the one it replaces is kept in ${keptAside})`);
    if (plan.logins) {
      replaced.logins = steps.readLogins();
      steps.writeLogins(plan.logins.data);
      say(`    ${count(plan.logins.count, "editor login")}`);
    }
    say(`    ${count(steps.importSpool(), "enquiry", "enquiries")} added to the spool`);
    for (const line of steps.restoreHistory()) say(`    ${line}`);
    for (const [file, text] of plan.settings) {
      replaced.settings.set(file, steps.readSetting(file));
      steps.writeSetting(file, text);
      say(`    ${file}`);
    }
    if (plan.certificates) say(`    ${steps.placeCertificates()}`);
    steps.configure();
  } catch (error) {
    const unmended = putBack(replaced, steps);
    const notStarted = steps.startServices();
    const why = error instanceof Error ? error.message : String(error);
    const services = notStarted
      ? `the services did not start (${notStarted}; sitectl doctor)`
      : "the services are started again";
    throw new Failure(
      unmended.length
        ? `the restore failed: ${why}. Could not put back: ${unmended.join("; ")}. The content it replaced is kept in ${keptAside}; ${services}.`
        : `the restore failed: ${why}. What it replaced is back as it was (enquiries it added stay) and ${services}.`,
    );
  }
  steps.finished();
  const notStarted = steps.startServices();
  if (notStarted) throw new Failure(`the services did not start: ${notStarted}; sitectl doctor`);
}
