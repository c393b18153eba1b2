// What the editor's routes share: a request's headers as the staff gate reads them.
import type { Request } from "express";
import type { Headers } from "../lib/staffLogin";

export const headersOf =
  (request: Request): Headers =>
  (name) =>
    request.get(name);
