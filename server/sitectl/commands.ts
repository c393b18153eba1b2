// Every sitectl command, in the order `sitectl help` lists them. A new command is a file
// exporting its record (command.ts) and a line here; docs/operations.md's table gets its row.
import { command as alerts } from "./alerts";
import { command as backup } from "./backup";
import { command as backups } from "./backups";
import { ETC_DIR, INSTALL_COMMAND } from "../installed/layout";
import { helpLines, type Command } from "./command";
import { command as doctor } from "./doctor";
import { command as editors } from "./editors";
import { command as enquiries } from "./enquiries";
import { command as enquiriesTo } from "./enquiriesTo";
import { command as logs } from "./logs";
import { command as mailServer } from "./mailServer";
import { command as mirror } from "./mirror";
import { command as ownerMail } from "./ownerMail";
import { command as repair } from "./repair";
import { command as reboots } from "./reboots";
import { command as report } from "./report";
import { command as republish } from "./republish";
import { command as restore } from "./restore";
import { command as siteUrl } from "./siteUrl";
import { command as rollback } from "./rollback";
import { command as status } from "./status";
import { command as update } from "./update";
import { command as updates } from "./updates";
import { command as watch } from "./watch";

export const COMMANDS: Command[] = [
  doctor,
  status,
  update,
  republish,
  rollback,
  repair,
  logs,
  backup,
  backups,
  restore,
  editors,
  enquiries,
  enquiriesTo,
  mailServer,
  alerts,
  watch,
  report,
  ownerMail,
  siteUrl,
  mirror,
  updates,
  reboots,
];

export const HELP = [
  "sitectl: look after the site on this server (run as root).",
  "",
  ...helpLines(COMMANDS),
  "",
  `The site's own settings: ${ETC_DIR}/ (run ${INSTALL_COMMAND} again to change them).`,
].join("\n");
