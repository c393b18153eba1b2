// The staff login check: nginx asks it about every staff request (auth_request at
// /_staff-login, deploy/nginx/editor.conf) and passes on only the login it answers, never
// the password. It is the one service that reads the logins file.
import Fastify, { type FastifyInstance } from "fastify";
import { LOGIN_HEADER } from "../lib/staffLogin";
import type { Gate } from "./logins";

/** The path nginx asks; everything else is 404. */
export const CHECK_PATH = "/auth";

/**
 * Answers nginx's auth_request: 204 with the login (LOGIN_HEADER, which nginx reads with
 * auth_request_set), 401 (ask for one) or 403 (blocked). The visitor's address is nginx's
 * X-Real-IP: only nginx can connect to the socket this listens on
 * (anodising-login.socket: www-data's group, mode 0660). Listen on its `server` once ready.
 */
export function loginApp(gate: Gate): FastifyInstance {
  const app = Fastify();
  app.get(CHECK_PATH, async (request, reply) => {
    const address = String(request.headers["x-real-ip"] ?? request.socket.remoteAddress ?? "");
    const verdict = await gate.check(request.headers.authorization, address);
    if ("login" in verdict) return reply.code(204).header(LOGIN_HEADER, verdict.login).send();
    if (verdict.status === 401) reply.header("www-authenticate", 'Basic realm="Site editor", charset="UTF-8"');
    return reply.code(verdict.status).type("text/plain").send(verdict.reason);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).type("text/plain").send("not found"));
  app.setErrorHandler((error: Error, _request, reply) => {
    console.error(`login: ${error.stack ?? error.message}`);
    return reply.code(500).type("text/plain").send("the login check failed");
  });
  return app;
}
