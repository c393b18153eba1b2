#!/usr/bin/env node
// `npm run lock:complete`, after any `npm install` that changed package-lock.json.
//
// The registry these machines reach serves only the Linux builds of packages such as
// @msgpackr-extract/* (Gatsby) and @unrs/resolver-binding-* (jest), so npm cannot
// record the other platforms' optional builds in the lock, and `npm ci` then refuses
// the lock as out of sync. This names each missing optional build in the lock with its
// version, operating system and CPU: npm skips them on this machine without fetching,
// and on other machines fetches them by name and version as usual.
import fs from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const OS = ["darwin", "win32", "linux", "freebsd", "android", "openharmony", "sunos", "aix"];
const CPU = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "wasm32"];

/** "linux-arm-gnueabihf" → { os: ["linux"], cpu: ["arm"] }, from the package's name. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find((c) => parts.includes(c));
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
}

/** Where npm looks for `name` from the package at `from`: its own node_modules, then upwards. */
function isResolvable(from, name) {
  for (let dir = from; ; dir = dir.slice(0, dir.lastIndexOf("/node_modules/"))) {
    if (lock.packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) return true;
    if (!dir.includes("/node_modules/")) return !!lock.packages[`node_modules/${name}`];
  }
}

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (isResolvable(location, name) || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    };
    added += 1;
  }
}

fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: named ${added} optional builds for other platforms.`);
