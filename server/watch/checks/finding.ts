// One finding of the server's checks (doctor prints them, the watch tells of them): ok, a
// note, or a problem with its id, its fix and what visitors and staff notice meanwhile
// (a check's `failing`, with what the check declares: check.ts).
import { INSTALL_COMMAND } from "../../installed/layout";

export interface Finding {
  level: "ok" | "note" | "problem";
  text: string;
  fix?: string;
  /** A problem's: stable across runs (the watch tracks it by this). */
  id?: string;
  /** A problem's: what visitors and staff notice meanwhile. */
  notice?: string;
  /** Failing runs in a row the watch lets pass before telling anyone. */
  blips?: number;
  /** Staff's to fix (a refused change): shown to them in /admin/, not mailed to the operator. */
  staff?: boolean;
  /** Grows as the same problem worsens (the watch tells it again). */
  stage?: number;
  /** A problem's: staff's banner shows it only once it has lasted this long. */
  staffAfterMs?: number;
}

/** Failing runs of the watch (every 15 minutes) that make a day. */
export const BLIPS_PER_DAY = 96;
/** How long a check waits for an answer (the site, a certificate). */
export const TIMEOUT_MS = 10_000;
/** The fix for anything the installer sets up. */
export const DEPLOY_AGAIN = `${INSTALL_COMMAND} (it puts the installation back as it should be)`;

export const ok = (text: string): Finding => ({ level: "ok", text });
export const note = (text: string): Finding => ({ level: "note", text });
