/**
 * @jest-environment node
 */
// The upload limits are stated once in code; nginx's own limits (deploy/nginx/) must let
// the largest allowed upload through and stop anything much bigger before it reaches a
// service. A change to one side without the other fails here.
import fs from "node:fs";
import path from "node:path";
import { MAX_FILES_BYTES, MAX_FILES_LABEL } from "../../src/enquiry/rules";
import { MAX_FIELDS, MAX_FIELD_BYTES } from "../../server/enquiry/app";
import { MAX_REQUEST_BYTES, MAX_UPLOAD_BYTES } from "../../server/editor/rules";

const NGINX = path.resolve(__dirname, "../../deploy/nginx");
const MB = 1024 * 1024;

/** Every client_max_body_size in a snippet, in bytes. */
function bodyLimits(file: string): number[] {
  const text = fs.readFileSync(path.join(NGINX, file), "utf8");
  return [...text.matchAll(/^\s*client_max_body_size\s+(\d+)([km]?);/gm)].map(
    ([, size, unit]) => Number(size) * (unit === "m" ? MB : unit === "k" ? 1024 : 1),
  );
}

test("the quote form: nginx takes files of the limit with the form around them, and not much more", () => {
  const [limit, ...others] = bodyLimits("enquiry.conf");
  expect(others).toEqual([]);
  // The other fields at their most (server/enquiry/app.ts), plus multipart's framing.
  expect(limit).toBeGreaterThanOrEqual(MAX_FILES_BYTES + MAX_FIELDS * MAX_FIELD_BYTES);
  expect(limit).toBeLessThanOrEqual(MAX_FILES_BYTES * 1.2);
  expect(MAX_FILES_LABEL).toBe(`${MAX_FILES_BYTES / MB} MB`);
});

test("the editor: nginx takes the largest API request the backend accepts, and not much more", () => {
  // The staff's own pages (enquiries, changes) take only their buttons' empty forms.
  const STAFF_PAGES = 4 * 1024;
  const all = bodyLimits("editor.conf");
  expect(all.filter((limit) => limit === STAFF_PAGES)).toHaveLength(2);
  const limits = all.filter((limit) => limit !== STAFF_PAGES);
  expect(limits.length).toBeGreaterThan(0);
  for (const limit of limits) {
    expect(limit).toBeGreaterThanOrEqual(MAX_REQUEST_BYTES);
    expect(limit).toBeLessThanOrEqual(MAX_REQUEST_BYTES * 1.3);
  }
  expect(MAX_REQUEST_BYTES).toBeGreaterThan((MAX_UPLOAD_BYTES * 4) / 3);
});
