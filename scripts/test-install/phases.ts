// The files of phases of `npm run test:install`, in the order they run: each proves one
// thing an operator, staff or a buyer relies on, and its first lines say what. Machine A
// (a certificate from an ACME server) comes first, then machine B (restored from A's backup).
import type { Phase } from "./run";
import * as install from "./phases/install";
import * as securityUpdates from "./phases/securityUpdates";
import * as visitorsAndStaff from "./phases/visitorsAndStaff";
import * as serviceBoundaries from "./phases/serviceBoundaries";
import * as ownSecrets from "./phases/ownSecrets";
import * as repair from "./phases/repair";
import * as enquiries from "./phases/enquiries";
import * as alerts from "./phases/alerts";
import * as reboot from "./phases/reboot";
import * as updates from "./phases/updates";
import * as mirror from "./phases/mirror";
import * as dailyRepublish from "./phases/dailyRepublish";
import * as ownerReport from "./phases/ownerReport";
import * as digest from "./phases/digest";
import * as backup from "./phases/backup";
import * as offsiteBackups from "./phases/offsiteBackups";
import * as backupsHold from "./phases/backupsHold";
import * as secondInstall from "./phases/secondInstall";
import * as restore from "./phases/restore";
import * as restoreFromBackups from "./phases/restoreFromBackups";
import * as tlsOff from "./phases/tlsOff";

export const PHASE_FILES: Record<string, { phases: Phase[] }> = {
  install,
  securityUpdates,
  visitorsAndStaff,
  serviceBoundaries,
  ownSecrets,
  repair,
  enquiries,
  alerts,
  reboot,
  updates,
  mirror,
  dailyRepublish,
  ownerReport,
  digest,
  backup,
  offsiteBackups,
  backupsHold,
  secondInstall,
  restore,
  restoreFromBackups,
  tlsOff,
};
