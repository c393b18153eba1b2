// The editor's backend, on 127.0.0.1 only. `npm run host` (and the systemd unit) runs it
// in git mode over HOST_DIR/repo, behind nginx at /api/v1 and /admin/history/, which
// passes the login the login check (server/login/) answered with EDITOR_PROXY_SECRET; `npm run cms` runs it with --local: file mode over this checkout, no login,
// behind `gatsby develop`'s proxy (gatsby-config.ts).
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { LOCAL_BACKEND_PORT } from "../../src/contract/content";
import { APP_DIR, hostPaths, readSettings } from "../lib/settings";
import { editorApp } from "./app";

const local = process.argv.includes("--local");
const settings = readSettings();
// EDITOR_REPO and EDITOR_PORT: the browser tests run a local backend over a copy.
const repo = local ? (process.env.EDITOR_REPO ?? APP_DIR) : hostPaths(settings.hostDir).repo;
const port = local ? Number(process.env.EDITOR_PORT ?? LOCAL_BACKEND_PORT) : settings.editorPort;

async function main() {
  // deploy/install (or npm run host) makes the repository; the editor may write in it but not beside it.
  if (!local && !fs.existsSync(`${repo}/.git`)) {
    console.error(`editor: no repository at ${repo}: deploy/install makes it (sitectl doctor)`);
    process.exit(1);
  }
  // Without it the editor would take anyone on this machine for staff.
  if (!local && !process.env.EDITOR_PROXY_SECRET) {
    console.error("editor: EDITOR_PROXY_SECRET is not set: deploy/configure makes it (sitectl doctor)");
    process.exit(1);
  }
  const { app, close } = await editorApp(
    local
      ? { repo, mode: "fs" }
      : {
          repo,
          mode: "git",
          uploadsFile: path.join(settings.editorStateDir, "uploads.json"),
          proxySecret: process.env.EDITOR_PROXY_SECRET,
        },
  );
  // EDITOR_PORT=0: any free port (the tests); the line below says which.
  const server = app.listen(port, "127.0.0.1", () => {
    const bound = (server.address() as AddressInfo).port;
    console.log(
      `editor: API on http://127.0.0.1:${bound}/api/v1 (${local ? "writes files in" : "commits in"} ${repo})`,
    );
  });
  const stop = () => {
    close();
    server.close(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error("editor:", error);
  process.exit(1);
});
