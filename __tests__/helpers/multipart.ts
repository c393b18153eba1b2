import { FILE_FIELD } from "../../src/enquiry/rules";

/** The boundary the tests' form bodies use (their Content-Type names it). */
export const BOUNDARY = "----enquiry-test";
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

type File = { name: string; content: Buffer };

/**
 * A multipart/form-data body, as a browser sends the quote form: a list of values sends
 * the name once for each (tick boxes), and each file goes as its own part.
 */
export function multipart(fields: Record<string, string | string[]>, files?: File | File[]): Buffer {
  const parts: Buffer[] = Object.entries(fields).flatMap(([name, values]) =>
    [values]
      .flat()
      .map((value) =>
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
  );
  for (const file of [files ?? []].flat()) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${FILE_FIELD}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}
