// sitectl: the operator's command for the installed site (deploy/sitectl puts it on the
// PATH). Run as root; each subcommand acts as the user whose files it touches and ends
// with a sentence saying what happened. `sitectl help` lists them.
import { alerts } from "./alerts";
import { backup } from "./backup";
import { WATCH_TIMER } from "../installed/layout";
import { doctor } from "./doctor";
import { editors } from "./editors";
import { enquiries } from "./enquiries";
import { logs } from "./logs";
import { mailServer } from "./mailServer";
import { mirror } from "./mirror";
import { enquiriesTo } from "./enquiriesTo";
import { republish } from "../installed/publisher";
import { rollback, statusCommand } from "./publishing";
import { repair } from "./repair";
import { ownerMail, report } from "./report";
import { restore } from "./restore";
import { Failure, systemctl } from "../installed/shell";
import { update } from "./update";
import { watch } from "./watch";

const HELP = `sitectl: look after the site on this server (run as root).

  sitectl doctor                 check everything; each problem comes with its fix
  sitectl status [--wait]        what is live and what is being published
  sitectl update [REF]           new code (default: the newest at its origin), rolled back if it does not build
  sitectl republish              build the current content again (after a technical failure is fixed)
  sitectl rollback               make the previous release live again, until the next publish
  sitectl repair                 put the content repository back on main when the editor says it needs repair
  sitectl logs [NAME…] [-f]      the services' logs: publisher, editor, enquiry, nginx, certbot, watch, republish
  sitectl backup FILE [--with-certificates]
                                 content, logins, enquiries and settings in one file
  sitectl restore FILE [--with-certificates]
                                 put a backup back (onto a fresh install)
  sitectl editors add|remove NAME, sitectl editors list
                                 the editor's logins (the password is asked)
  sitectl enquiries [--retry ID | --export ID | --drawing ID [N]]
                                 enquiries waiting, sent and failed
  sitectl enquiries-to [ADDRESS] where the quote form's enquiries are e-mailed (shows it, or sets it)
  sitectl mail-server [URL]      the mail server (SMTP_URL): shows how it answers, or tests a new one and sets it
  sitectl alerts [--to ADDRESS] [--webhook URL|off] [--test]
                                 who the server's own checks tell, and how (shows them, or sets them)
  sitectl watch [--digest]       run the server's own checks now (the timer does every 15 minutes)
  sitectl report [--now]         the owner's report of visits and enquiries at /admin/report/ (built hourly)
  sitectl owner-mail [ADDRESS|off]
                                 who gets the report's weekly e-mail (shows it, or sets it)
  sitectl mirror [set --endpoint URL --bucket NAME --url https://PUBLIC-NAME [--region R] | off | headers]
                                 the copy of the site in a bucket behind a CDN (shows it, checks and sets it)

The site's own settings: /etc/anodising/ (run /srv/site/app/deploy/install again to change them).`;

/** Commands that stop the services for a while, and the timer of the checks that would tell of it. */
const PAUSES_WATCH = ["update", "restore"];

const COMMANDS: Record<string, (args: string[]) => number | Promise<number>> = {
  doctor: () => doctor(),
  status: statusCommand,
  update: (args) => update(args[0]),
  republish: () => republish(),
  rollback: () => rollback(),
  repair: () => repair(),
  logs,
  backup,
  restore,
  editors,
  enquiries,
  "enquiries-to": enquiriesTo,
  "mail-server": mailServer,
  alerts,
  watch,
  report,
  "owner-mail": ownerMail,
  mirror,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    console.log(HELP);
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`sitectl: no command ${name}.\n\n${HELP}`);
    return 1;
  }
  if (process.getuid?.() !== 0) {
    console.error("sitectl: run it as root (sudo sitectl …): it acts for the site's users.");
    return 1;
  }
  // While update and restore stop the services, the server's own checks wait (a stop on
  // purpose is not a problem to tell anyone of); the timer is started again however they end.
  if (!PAUSES_WATCH.includes(name)) return command(args);
  const watching = systemctl("is-active", "--quiet", WATCH_TIMER).status === 0;
  if (watching) systemctl("stop", WATCH_TIMER);
  try {
    return await command(args);
  } finally {
    if (watching) systemctl("start", WATCH_TIMER);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof Failure) console.error(`sitectl: ${error.message}`);
    else console.error("sitectl: unexpected error:", error);
    process.exit(1);
  },
);
