// The publisher's status in the editor: a small panel at the foot of /admin/ saying
// whether the site is live, publishing, or why the last publish was refused (the
// validator's words). It reads /admin/status.json (the company's server only; where there
// is none, as with `npm run cms`, it shows nothing).
import React, { useEffect, useState } from "react";

/** How often the panel asks again while the editor is open. */
const POLL_MS = 5000;

interface Status {
  state: "idle" | "building" | "failed";
  message: string;
  live: { commit: string; builtAt: string } | null;
}

const COLOURS: Record<Status["state"], string> = { idle: "#0b6e2e", building: "#7a4b00", failed: "#a4161a" };

export function PublishStatus({ url }: { url: string }) {
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    let stopped = false;
    const read = async () => {
      try {
        const response = await fetch(url, { cache: "no-store" });
        if (!stopped) setStatus(response.ok ? ((await response.json()) as Status) : null);
      } catch {
        if (!stopped) setStatus(null);
      }
    };
    void read();
    const timer = setInterval(read, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [url]);
  if (!status) return null;
  return (
    <div
      role="status"
      data-state={status.state}
      style={{
        position: "fixed",
        left: 12,
        bottom: 12,
        zIndex: 1000,
        maxWidth: "min(36rem, calc(100vw - 24px))",
        padding: "8px 12px",
        borderRadius: 6,
        background: "#fff",
        border: `2px solid ${COLOURS[status.state]}`,
        color: "#1b1b1b",
        font: "14px/1.4 system-ui, sans-serif",
        whiteSpace: "pre-wrap",
        boxShadow: "0 2px 8px rgba(0,0,0,0.2)",
      }}
    >
      <strong style={{ color: COLOURS[status.state] }}>Site: </strong>
      {status.message}
    </div>
  );
}
