// The login check's service. On a server systemd makes its socket
// (deploy/systemd/anodising-login.socket, only nginx may connect) and hands it over;
// `npm run host` runs it on LOGIN_SOCKET (default HOST_DIR/login.sock) itself.
import fs from "node:fs";
import { readSettings } from "../lib/settings";
import { loginApp } from "./app";
import { Gate } from "./logins";

/** The first socket systemd passes (sd_listen_fds(3)). */
const SYSTEMD_FIRST_FD = 3;

const settings = readSettings();
const gate = new Gate(settings.editorsFile, settings.failedLoginsFile);
async function main() {
  const app = loginApp(gate);
  await app.ready();
  // Fastify routes the requests of its own server, listened on here (systemd hands a socket over).
  const server = app.server;
  /**
   * Whether systemd handed this process the socket. LISTEN_PID names the process it is for;
   * in the unit's own PID namespace (PrivatePIDs=) systemd writes the pid as the host sees it,
   * while this process, the namespace's first, is pid 1 to itself: no child of it can be.
   */
  const fromSystemd =
    process.env.LISTEN_FDS === "1" && (Number(process.env.LISTEN_PID) === process.pid || process.pid === 1);
  // sd_listen_fds(3): the variables are this process's alone, not its children's.
  for (const name of ["LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES"]) delete process.env[name];

  server.on("error", (error) => {
    console.error(`login: ${error.message}`);
    process.exit(1);
  });
  if (fromSystemd) {
    server.listen({ fd: SYSTEMD_FIRST_FD }, () => console.log("login: checking logins on systemd's socket"));
  } else {
    // A socket left by a run that was killed would refuse the new one.
    fs.rmSync(settings.loginSocket, { force: true });
    server.listen(settings.loginSocket, () => {
      // nginx's workers may run as another user here; on a server systemd lets nginx's group alone connect.
      fs.chmodSync(settings.loginSocket, 0o666);
      console.log(`login: checking logins on unix:${settings.loginSocket}`);
    });
  }
  if (!fs.existsSync(settings.editorsFile)) console.warn(`login: no logins yet in ${settings.editorsFile}`);

  const stop = () => {
    gate.close();
    server.close(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(`login: ${(error as Error).stack ?? error}`);
  process.exit(1);
});
