// The staff login check: nginx asks it about every staff request (auth_request at
// /_staff-login, deploy/nginx/editor.conf) and passes on only the login it answers, never
// the password. It is the one service that reads the logins file.
import http from "node:http";
import type { Gate } from "./logins";

/** The path nginx asks; everything else is 404. */
export const CHECK_PATH = "/auth";
/** The checked login, in the answer nginx reads (auth_request_set $staff_login). */
export const LOGIN_HEADER = "X-Staff-Login";

/**
 * Answers nginx's auth_request: 204 with the login, 401 (ask for one) or 403 (blocked).
 * The visitor's address is nginx's X-Real-IP: only nginx can connect to the socket this
 * listens on (anodising-login.socket: www-data's group, mode 0660).
 */
export function loginServer(gate: Gate): http.Server {
  return http.createServer((request, response) => {
    if (request.method !== "GET" || request.url !== CHECK_PATH) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const address = String(request.headers["x-real-ip"] ?? request.socket.remoteAddress ?? "");
    gate.check(request.headers.authorization, address).then(
      (verdict) => {
        if ("login" in verdict) return void response.writeHead(204, { [LOGIN_HEADER]: verdict.login }).end();
        const headers: http.OutgoingHttpHeaders = { "content-type": "text/plain" };
        if (verdict.status === 401) headers["www-authenticate"] = 'Basic realm="Site editor", charset="UTF-8"';
        response.writeHead(verdict.status, headers).end(verdict.reason);
      },
      (error: Error) => {
        console.error(`login: ${error.stack ?? error.message}`);
        response.writeHead(500, { "content-type": "text/plain" }).end("the login check failed");
      },
    );
  });
}
