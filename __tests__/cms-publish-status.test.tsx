// The editor's status panel tells staff of the server's problems in their own words
// (what they notice, since when), and when mail fails, which enquiries wait (issue 36).
import React from "react";
import { render, screen } from "@testing-library/react";
import { PublishStatus, problemLines } from "../src/cms/PublishStatus";

const SINCE = "2026-11-25T08:00:00.000Z";

test("each told problem is one line: what staff notice, since when, and that the operator knows", () => {
  const [line] = problemLines({
    problems: [{ id: "disk", since: SINCE, notice: "changes are not published" }],
    mail: null,
  });
  expect(line).toMatch(/^changes are not published \(since .+; the server's operator has been told\)$/);
});

test("mail failing names the enquiries waiting on the server", () => {
  const lines = problemLines({
    problems: [],
    mail: { failing: true, waiting: ["7KQ3M9D2XA", "8KQ3M9D2XB"], server: "mail.example.com:587" },
  });
  expect(lines).toEqual([expect.stringContaining("enquiries 7KQ3M9D2XA, 8KQ3M9D2XB wait on the server")]);
  expect(lines[0]).toContain("mail.example.com:587");
});

test("the panel shows them above the site's state, as text whatever the file holds", async () => {
  const files: Record<string, unknown> = {
    "/admin/status.json": { state: "idle", message: "Live: a1b2c3d.", live: { commit: "a1b2c3d", builtAt: SINCE } },
    "/admin/enquiries.json": { waiting: 0, oldestWaiting: null, failed: [] },
    "/admin/problems.json": {
      problems: [{ id: "site", since: SINCE, notice: "<img src=x onerror=alert(1)> visitors cannot open the site" }],
      mail: null,
    },
  };
  global.fetch = jest.fn(async (url: string) => ({
    ok: url in files,
    json: async () => files[url],
  })) as unknown as typeof fetch;
  const { container } = render(
    <PublishStatus
      url="/admin/status.json"
      enquiriesUrl="/admin/enquiries.json"
      problemsUrl="/admin/problems.json"
      helpUrl="/admin/help/"
      enquiriesPage="/admin/enquiries/"
      changesPage="/admin/history/"
      reportPage="/admin/report/"
      whoUrl="/admin/history/me.json"
      operator={null}
    />,
  );
  const problem = await screen.findByText(/visitors cannot open the site/);
  expect(problem.closest("[data-server-problem]")).not.toBeNull();
  expect(container.querySelector("img")).toBeNull();
  // The staff's pages are one click away.
  for (const name of ["Enquiries", "Changes and undo", "Visits report"])
    expect(screen.getByRole("link", { name })).toBeVisible();
});
