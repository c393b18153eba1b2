// The editor's panel says the publisher's state in words with its age (issue 37): live
// since when and including whose change, publishing and for about how long, not
// published and what to do, and a publisher gone silent named as such, with whom to call.
import { STALE_HEARTBEATS, clock, statusWords, usualSeconds, type PublisherStatus } from "../src/cms/statusWords";

const NOW = Date.parse("2026-11-25T10:45:00Z");
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const HEARTBEAT = 60_000;
const OPERATOR = { name: "Ravi", phone: "+91 98765 43210" };

const base = (over: Partial<PublisherStatus> = {}): PublisherStatus => ({
  state: "idle",
  message: "",
  head: { commit: "b".repeat(40), author: "priya", committedAt: minutesAgo(4) },
  live: { commit: "b".repeat(40), builtAt: minutesAgo(3) },
  history: [
    { result: "live", seconds: 40 },
    { result: "failed" },
    { result: "live", seconds: 60 },
    { result: "live", seconds: 50 },
  ],
  updatedAt: minutesAgo(0.5),
  heartbeatMs: HEARTBEAT,
  ...over,
});

test("live: since when, how long ago, including your change (or another's, by name)", () => {
  expect(statusWords(base(), NOW, "priya", null)).toEqual({
    tone: "idle",
    text: `Live since ${clock(minutesAgo(3))} (3 minutes ago), including your change of ${clock(minutesAgo(4))}.`,
  });
  expect(statusWords(base(), NOW, "asha", null).text).toContain("including priya's change of");
});

test("publishing: whose change, the usual time from the last good builds, and when it is late", () => {
  const building = base({ state: "building", building: { commit: "c".repeat(40), startedAt: minutesAgo(0.5) } });
  expect(usualSeconds(building.history)).toBe(50);
  expect(statusWords(building, NOW, "priya", null)).toEqual({
    tone: "building",
    text: "Publishing your change of " + clock(minutesAgo(4)) + " (about 50 seconds; started 30 seconds ago).",
  });
  const late = { ...building, building: { commit: "c".repeat(40), startedAt: minutesAgo(5) } };
  expect(statusWords(late, NOW, "priya", null).text).toMatch(/taking longer than usual\.$/);
});

test("not published: the validator's words and what to do; a technical problem says whom to call", () => {
  const refused = base({
    state: "failed",
    lastError: {
      commit: "c".repeat(40),
      kind: "content",
      message: "site.yaml › Phone: must be a phone number.",
      at: minutesAgo(1),
    },
  });
  const words = statusWords(refused, NOW, "priya", OPERATOR);
  expect(words.tone).toBe("failed");
  expect(words.text).toMatch(
    /^Your change of .+ was not published: site\.yaml › Phone: must be a phone number\. The site is unchanged\. Correct it/,
  );
  const technical = { ...refused, lastError: { ...refused.lastError!, kind: "technical" as const } };
  expect(statusWords(technical, NOW, "priya", OPERATOR).text).toContain(
    "The site is unchanged. Please call Ravi on +91 98765 43210.",
  );
  expect(statusWords(technical, NOW, "priya", null).text).toContain("call the server's operator");
});

test("a record older than a few heartbeats: the publisher is not running, whatever it last said", () => {
  const old = base({ updatedAt: new Date(NOW - (STALE_HEARTBEATS * HEARTBEAT + 1000)).toISOString() });
  const words = statusWords(old, NOW, "priya", OPERATOR);
  expect(words.tone).toBe("stale");
  expect(words.text).toMatch(
    /^The publisher is not running \(no word from it since .+\): changes are saved but not published\. Please call Ravi on \+91 98765 43210\.$/,
  );
  const fresh = base({ updatedAt: new Date(NOW - (STALE_HEARTBEATS * HEARTBEAT - 1000)).toISOString() });
  expect(statusWords(fresh, NOW, "priya", OPERATOR).tone).toBe("idle");
});

test("a change saved but not yet taken up is waiting; a rollback is said", () => {
  const waiting = base({ head: { commit: "d".repeat(40), author: "priya", committedAt: minutesAgo(0.2) } });
  expect(statusWords(waiting, NOW, "priya", null)).toEqual({
    tone: "building",
    text: expect.stringMatching(/\. Your change of .+ is waiting to be published\.$/),
  });
  expect(statusWords(base({ pinned: true }), NOW, "priya", null).text).toContain("rolled the site back");
});
