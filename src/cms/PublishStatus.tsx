// The publisher's status in the editor: a small panel at the foot of /admin/ saying
// whether the site is live, publishing, or why the last publish was refused (the
// validator's words), and whether enquiries from the quote form are waiting to be
// e-mailed or have failed, and any lasting problem the server's own checks found (what
// staff notice, since when; the operator is told by e-mail). It reads /admin/status.json,
// /admin/enquiries.json and /admin/problems.json (the company's server only; where there
// are none, as with `npm run cms`, it shows only the link to the staff's guide, /admin/help/).
import React, { useEffect, useState } from "react";
import { mirrorWords, statusWords, type Operator, type PublisherStatus } from "./statusWords";
import { ExternalLink } from "../components/ExternalLink";

/** How often the panel asks again while the editor is open. */
const POLL_MS = 5000;

/** The enquiry service's counts (server/enquiry/spool.ts SpoolStatus). */
interface Enquiries {
  /** Where enquiries are e-mailed: the operator's setting ("" while none is set). */
  recipient?: string;
  waiting: number;
  oldestWaiting: string | null;
  failed: { id: string }[];
}

/** The server's own checks (server/watch/checks/, problems.json). */
export interface ServerProblems {
  problems: { id: string; since: string; notice: string }[];
  /** Set while mail from the server fails: the enquiries that wait on the server. */
  mail: { failing: boolean; waiting: string[]; server: string } | null;
}

const COLOURS = { idle: "#0b6e2e", building: "#7a4b00", failed: "#a4161a", stale: "#a4161a" } as const;

/** A JSON file read now and every `every` ms (null: once); null while it cannot be read. */
function usePolled<T>(url: string, every: number | null = POLL_MS): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    let stopped = false;
    const read = async () => {
      try {
        const response = await fetch(url, { cache: "no-store" });
        if (!stopped) setValue(response.ok ? ((await response.json()) as T) : null);
      } catch {
        if (!stopped) setValue(null);
      }
    };
    void read();
    const timer = every === null ? undefined : setInterval(read, every);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [url, every]);
  return value;
}

const time = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

/** Where enquiries go, then "all enquiries sent", or how many wait (since when) and which failed. */
export function enquiriesLine({ recipient, waiting, oldestWaiting, failed }: Enquiries): string {
  const where =
    recipient === undefined
      ? ""
      : recipient
        ? `e-mailed to ${recipient}; `
        : "no address to e-mail them to is set yet, so they wait on the server (the server's operator sets it: sitectl enquiries-to); ";
  const parts = [
    waiting
      ? `${waiting} ${waiting === 1 ? "enquiry" : "enquiries"} waiting to be e-mailed, oldest ${time(oldestWaiting ?? "")}`
      : "",
    failed.length
      ? `${failed.length} failed (${failed.map((entry) => entry.id).join(", ")}): the mail server refused them; read them under Enquiries`
      : "",
  ].filter(Boolean);
  return where + (parts.length ? parts.join("; ") : "all enquiries sent");
}

/** The server's problems in staff's words, one line each: what they notice, since when. */
export function problemLines({ problems, mail }: ServerProblems): string[] {
  const lines = problems.map(
    (problem) => `${problem.notice} (since ${time(problem.since)}; the server's operator has been told)`,
  );
  if (mail?.failing)
    lines.push(
      `E-mail from the site is failing${mail.server ? ` (mail server ${mail.server})` : ""}: ${
        mail.waiting.length
          ? `${mail.waiting.length === 1 ? "enquiry" : "enquiries"} ${mail.waiting.join(", ")} ${mail.waiting.length === 1 ? "waits" : "wait"} on the server`
          : "no enquiry waits yet"
      }. Call the server's operator: e-mail may not reach them either.`,
    );
  return lines;
}

/** The staff's own pages, always one click away: enquiries, the history of changes, the report, the guide (opens in a new tab). */
function StaffLinks({
  enquiriesPage,
  changesPage,
  reportPage,
  helpUrl,
}: {
  enquiriesPage: string;
  changesPage: string;
  reportPage: string;
  helpUrl: string;
}) {
  const style = { color: "#0b3a5b", fontWeight: 600, marginRight: 16 };
  return (
    <span data-staff-links="">
      <a href={enquiriesPage} style={style}>
        Enquiries
      </a>
      <a href={changesPage} style={style}>
        Changes and undo
      </a>
      <a href={reportPage} style={style}>
        Visits report
      </a>
      <ExternalLink href={helpUrl} style={style}>
        Help (opens in a new tab)
      </ExternalLink>
    </span>
  );
}

/** A box in the editor's corner, on white, so it reads over the form it floats above. */
const PANEL: React.CSSProperties = {
  position: "fixed",
  left: 12,
  bottom: 12,
  zIndex: 1000,
  maxWidth: "min(36rem, calc(100vw - 24px))",
  padding: "8px 12px",
  borderRadius: 6,
  background: "#fff",
  color: "#1b1b1b",
  font: "14px/1.4 system-ui, sans-serif",
  whiteSpace: "pre-wrap",
  boxShadow: "0 2px 8px rgba(0,0,0,0.2)",
};

export interface PublishStatusProps {
  url: string;
  enquiriesUrl: string;
  problemsUrl: string;
  helpUrl: string;
  /** The staff's enquiries and their history of changes (pages of their own, behind the same login). */
  enquiriesPage: string;
  changesPage: string;
  /** The owner's report of visits and enquiries. */
  reportPage: string;
  /** Who is logged in ({"login": …}), for "your change". */
  whoUrl: string;
  /** Whom to call (the site settings' operator), or null. */
  operator: Operator | null;
}

/** The time now, again every POLL_MS: the ages in the words move on between reads. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function PublishStatus(props: PublishStatusProps) {
  const { url, enquiriesUrl, problemsUrl, helpUrl, enquiriesPage, changesPage, reportPage, whoUrl, operator } = props;
  const status = usePolled<PublisherStatus>(url);
  const enquiries = usePolled<Enquiries>(enquiriesUrl);
  const server = usePolled<ServerProblems>(problemsUrl);
  // The login does not change while the editor is open: asked once.
  const who = usePolled<{ login: string }>(whoUrl, null);
  const now = useNow();
  const problems = server ? problemLines(server) : [];
  const links = (
    <StaffLinks enquiriesPage={enquiriesPage} changesPage={changesPage} reportPage={reportPage} helpUrl={helpUrl} />
  );
  // Where no publisher runs (npm run cms), only the help link.
  if (!status) {
    return (
      <div style={PANEL}>
        <ExternalLink href={helpUrl} style={{ color: "#0b3a5b", fontWeight: 600 }}>
          Help: how to change the site (opens in a new tab)
        </ExternalLink>
      </div>
    );
  }
  const words = statusWords(status, now, who?.login ?? null, operator);
  const cdn = mirrorWords(status, now);
  return (
    <div role="status" data-state={words.tone} style={{ ...PANEL, border: `2px solid ${COLOURS[words.tone]}` }}>
      {problems.map((line) => (
        <span key={line} data-server-problem="">
          <strong style={{ color: COLOURS.failed }}>Server problem: </strong>
          {line}
          {"\n"}
        </span>
      ))}
      <strong style={{ color: COLOURS[words.tone] }}>Site: </strong>
      {words.text}
      {cdn && (
        <span data-mirror={status.mirror?.state}>
          {"\n"}
          <strong style={{ color: COLOURS[cdn.tone] }}>CDN: </strong>
          {cdn.text}
        </span>
      )}
      {status.warnings?.map((warning) => (
        <span key={warning} data-warning="">
          {"\n"}
          <strong style={{ color: COLOURS.building }}>Warning: </strong>
          {warning}
        </span>
      ))}
      {enquiries && (
        <span data-waiting={enquiries.waiting} data-failed={enquiries.failed.length}>
          {"\n"}
          <strong style={{ color: enquiries.failed.length ? COLOURS.failed : COLOURS.idle }}>Enquiries: </strong>
          {enquiriesLine(enquiries)}
        </span>
      )}
      {"\n"}
      {links}
    </div>
  );
}
