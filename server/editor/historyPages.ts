// The pages of the staff's history of changes (/admin/history/), drawn from what
// historyActions.ts returns: the recent changes, one change, one file's versions, and a
// refusal in staff's words. Every page is made from escaped, visible text
// (server/lib/staffPage.ts); the routes are history.ts's.
import { ago, escapeHtml, shown, staffPage, staffTime } from "../lib/staffPage";
import { HISTORY_LIMIT, type Described } from "./changes";
import type { InWords, RecentInWords, Version } from "./historyActions";

export const HISTORY_PATH = "/admin/history/";
/** Sentences shown per file, and files per change, in a list; the change's own page has them all. */
const WORDS_IN_LIST = 6;
const FILES_IN_LIST = 6;

/** What a restore or an undo says once done (`?done=`). */
const DONE: Record<string, string> = {
  restored: "Restored. The site is being published: the editor's status (bottom left) says when it is live.",
  undone:
    "Your last change is undone. The site is being published: the editor's status (bottom left) says when it is live.",
};
export const doneNotice = (done: unknown) => DONE[String(done ?? "")] ?? "";

const fileLink = (file: string, label: string) =>
  `<a href="${HISTORY_PATH}file?path=${encodeURIComponent(file)}">${shown(label)}</a>`;

function describedList(items: Described[], full: boolean): string {
  const listed = full ? items : items.slice(0, FILES_IN_LIST);
  const hidden = items.length - listed.length;
  return listed
    .map((item) => {
      const words = full ? item.words : item.words.slice(0, WORDS_IN_LIST);
      const more = item.words.length - words.length;
      return `<li>${fileLink(item.file, item.label)}
  <ul>${words.map((line) => `<li><bdi>${shown(line)}</bdi></li>`).join("")}${more > 0 ? `<li>and ${more} more</li>` : ""}</ul></li>`;
    })
    .concat(hidden > 0 ? [`<li>and ${hidden} more files</li>`] : [])
    .join("\n");
}

const commitRow = ({ commit, described }: InWords) => `<tr>
  <td data-label="When">${staffTime(commit.at)}<br><span class="note">${ago(commit.at)}</span></td>
  <td data-label="Who"><bdi>${shown(commit.author)}</bdi></td>
  <td data-label="What changed"><ul>${describedList(described, false)}</ul>
  <a href="${HISTORY_PATH}change/${commit.hash}">The whole change</a></td>
</tr>`;

const table = (rows: string) =>
  `<table class="wide"><thead><tr><th>When</th><th>Who</th><th>What changed</th></tr></thead><tbody>
${rows}
</tbody></table>`;

const notice = (text: string, problem = false) =>
  text
    ? `<p class="notice${problem ? " problem" : ""}" role="${problem ? "alert" : "status"}">${escapeHtml(text)}</p>`
    : "";

/** A refusal as a page titled `title`. */
export const refusalPage = (title: string, message: string) =>
  staffPage(title, `<h1>${escapeHtml(title)}</h1>\n${notice(message, true)}`, HISTORY_PATH);

/** The recent changes, "undo my last change" when `login` has one among them, and each page's history. */
export function changesPage({ recent, mine, yours, files }: RecentInWords, login: string, done: string): string {
  const undo = mine
    ? `<form method="post" action="${HISTORY_PATH}undo"><button type="submit">Undo my last change</button></form>
<span class="note">Your last change: ${staffTime(mine.at)}, ${shown(yours.map((item) => item.label).join(", "))}</span>`
    : `<span class="note">You (${shown(login)}) have no change among the latest ${HISTORY_LIMIT}.</span>`;
  return staffPage(
    "Changes",
    `<h1>Recent changes</h1>
${notice(done)}
<div class="actions">${undo}</div>
${recent.length ? table(recent.map(commitRow).join("\n")) : "<p>No changes yet.</p>"}
<h2>The history of one page</h2>
<ul>${files.map(({ file, label }) => `<li>${fileLink(file, label)}</li>`).join("")}</ul>`,
    HISTORY_PATH,
  );
}

/** One change in full. */
export function changePage({ commit, described }: InWords): string {
  return staffPage(
    "A change",
    `<h1>A change by <bdi>${shown(commit.author)}</bdi></h1>
<p>${staffTime(commit.at)} (${ago(commit.at)}). <span class="note"><bdi>${shown(commit.subject)}</bdi></span></p>
<ul>${describedList(described, true)}</ul>
<p><a href="${HISTORY_PATH}">All recent changes</a></p>`,
    HISTORY_PATH,
  );
}

function versionRow(file: string, { commit, words, restorable }: Version, index: number): string {
  const restore =
    index === 0
      ? `<span class="done">This is the current version</span>`
      : !restorable
        ? ""
        : `<form method="post" action="${HISTORY_PATH}restore"><input type="hidden" name="path" value="${escapeHtml(file)}"><input type="hidden" name="commit" value="${commit.hash}"><button type="submit" class="secondary">Restore this version</button></form>`;
  return `<tr>
<td data-label="When">${staffTime(commit.at)}<br><span class="note">${ago(commit.at)}</span></td>
<td data-label="Who"><bdi>${shown(commit.author)}</bdi></td>
<td data-label="What changed"><ul>${words.map((line) => `<li><bdi>${shown(line)}</bdi></li>`).join("")}</ul></td>
<td>${restore}</td>
</tr>`;
}

/** One file's versions, newest first, each but the current one restorable. */
export function filePage(file: string, label: string, versions: Version[], done: string): string {
  const rows = versions.map((version, index) => versionRow(file, version, index)).join("\n");
  return staffPage(
    `History: ${label}`,
    `<h1>History: ${shown(label)}</h1>
${notice(done)}
<p>Newest first. "Restore this version" makes the page as it was right after that change; it is published like any save, and it can be undone in turn.</p>
${versions.length ? `<table class="wide"><thead><tr><th>When</th><th>Who</th><th>What changed</th><th>Restore</th></tr></thead><tbody>\n${rows}\n</tbody></table>` : "<p>No changes yet.</p>"}
<p><a href="${HISTORY_PATH}">All recent changes</a></p>`,
    HISTORY_PATH,
  );
}
