// Sends the form with XMLHttpRequest rather than fetch: only it reports upload progress.
import { ENQUIRY_URL, type Problems } from "../../enquiry/rules";

export type Outcome =
  | { kind: "received"; location: string }
  | { kind: "problems"; problems: Problems }
  /** The server refused the whole form: 413 (too large), 429 (too many), 503 (cannot store). */
  | { kind: "refused"; status: number }
  | { kind: "network" };

/** Posts `data`; `onProgress` gets 0–100 as the body goes out. */
export function sendEnquiry(data: FormData, onProgress: (percent: number) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", ENQUIRY_URL);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => resolve({ kind: "network" });
    request.ontimeout = () => resolve({ kind: "network" });
    request.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(request.responseText) as { location?: string; problems?: Problems };
        } catch {
          return {};
        }
      })();
      // The thank-you page is the server's: from a CDN's page, at the server's address.
      if (request.status < 300 && body.location)
        resolve({
          kind: "received",
          location: new URL(body.location, new URL(ENQUIRY_URL, window.location.href)).href,
        });
      else if (request.status === 422 && body.problems) resolve({ kind: "problems", problems: body.problems });
      else if ([413, 429, 503].includes(request.status)) resolve({ kind: "refused", status: request.status });
      else resolve({ kind: "network" });
    };
    request.send(data);
  });
}

/** A token for this visit's form: random, URL-safe, made in the browser (never in the page's HTML). */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
