// The switch from the code in use to a new version (sitectl update, once the new version
// is fetched and installed in a folder of its own): the services stop, the code is merged
// into the content repository, the app link switched, the new code configured, the
// services restarted, and the first build and the services' answers awaited. If any of it
// fails, each step of going back is tried (even after one that fails): the previous code
// and repository head come back, and the live release never changed. What touches the
// server is passed in as steps (sitectl's are the real ones; a test records them).
import { Failure, everyStepTried } from "./shell";

export interface UpdateSteps {
  say(line: string): void;
  stopServices(): void;
  /** The new code merged into the content repository; the new head. */
  mergeCode(): string;
  /** The app link to `dir`. */
  switchTo(dir: string): void;
  configure(dir: string): void;
  /** Restarts the services; throws if systemctl could not. */
  restartServices(): void;
  /** The first build of `head`: why it did not go live, or null. */
  firstBuild(head: string): Promise<string | null>;
  /** Every service runs and answers: why not, or null. */
  servicesAnswer(): Promise<string | null>;
  repoHead(): string;
  /** This update's merge undone: reset to `before` while the head is still `head`, else `head` reverted. */
  moveRepositoryBack(before: string, head: string): void;
  removeCode(dir: string): void;
}

export interface Switch {
  previous: { id: string; dir: string };
  next: { id: string; dir: string };
}

/** Each step of going back is tried even if one before it failed; what failed is returned. */
function goBack(change: Switch, before: string, head: string, steps: UpdateSteps): string[] {
  const { attempt, failed } = everyStepTried();
  attempt("stop the services", () => steps.stopServices());
  attempt("switch the code back", () => steps.switchTo(change.previous.dir));
  attempt("configure the previous code", () => steps.configure(change.previous.dir));
  if (head !== before) attempt("move the repository back", () => steps.moveRepositoryBack(before, head));
  attempt("start the services", () => steps.restartServices());
  attempt("remove the new code", () => steps.removeCode(change.next.dir));
  return failed;
}

/** The new code in use, or the previous one back (and a Failure saying which). Returns the repository's head. */
export async function switchCode(change: Switch, steps: UpdateSteps): Promise<string> {
  const { say } = steps;
  const before = steps.repoHead();
  const short = (commit: string) => commit.slice(0, 12);
  steps.stopServices();
  let head = before;
  try {
    head = steps.mergeCode();
    steps.switchTo(change.next.dir);
    steps.configure(change.next.dir);
    steps.restartServices();
    say(
      head === before
        ? "    the content repository has this code already"
        : `    content repository: merge ${short(head)}; the publisher builds it`,
    );
    if (head !== before) {
      const refused = await steps.firstBuild(head);
      if (refused) throw new Failure(refused);
    }
    const broken = await steps.servicesAnswer();
    if (broken) throw new Failure(broken);
  } catch (error) {
    say(`==> The update failed: ${error instanceof Error ? error.message : String(error)}`);
    say(`==> Going back to code ${change.previous.id}`);
    const failed = goBack(change, before, head, steps);
    if (failed.length)
      throw new Failure(
        `the update failed, and going back did not fully work: ${failed.join("; ")}. Run sitectl doctor.`,
      );
    throw new Failure(
      `the update to ${change.next.id} was rolled back: code ${change.previous.id} and the content repository at ${short(before)} are back, and the live release never changed.`,
    );
  }
  return head;
}
