/**
 * @jest-environment node
 */
// The staff login check (server/login/): the logins file, wrong passwords counted, and the
// service nginx asks, on a real unix socket as on the server.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { loginApp } from "../../server/login/app";
import { FailedLogins, LIMITS, MAX_TRACKED } from "../../server/login/failedLogins";
import { Gate, hashPassword, verifyPassword, writeLogins } from "../../server/login/logins";
import { addressKeys } from "../../server/lib/addresses";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "login-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Each check hashes for real (about 0.1 s, more on a busy machine).
const HASHING_MS = 120_000;

describe("logins", () => {
  it("hashes with scrypt and checks the password", () => {
    const hash = hashPassword("a long enough password");
    expect(hash).toMatch(/^\$scrypt\$N=32768,r=8,p=1\$/);
    expect(verifyPassword("a long enough password", hash)).toBe(true);
    expect(verifyPassword("another password here", hash)).toBe(false);
  });

  const header = (name: string, password: string) => `Basic ${Buffer.from(`${name}:${password}`).toString("base64")}`;
  const loginsFile = () => {
    const file = path.join(fs.mkdtempSync(path.join(dir, "logins-")), "editors");
    writeLogins(file, new Map([["anita", hashPassword("correct password")]]));
    return file;
  };

  it(
    "lets a good login in, asks for one, and blocks an address after repeated wrong passwords",
    async () => {
      const file = loginsFile();
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const gate = new Gate(file);
      const anita = (password: string) => header("anita", password);
      expect(await gate.check(anita("correct password"), "10.0.0.1")).toEqual({ login: "anita" });
      expect(await gate.check(undefined, "10.0.0.1")).toMatchObject({ status: 401 });
      for (let i = 0; i < LIMITS.login; i += 1)
        expect(await gate.check(anita(`wrong ${i}`), "10.0.0.2")).toMatchObject({ status: 401 });
      expect(await gate.check(anita("correct password"), "10.0.0.2")).toMatchObject({ status: 403 });
      expect(await gate.check(anita("correct password"), "10.0.0.1")).toEqual({ login: "anita" });
      // Another login from the same (office) address is not blocked by anita's typos...
      expect(await gate.check(header("ravi", "guess"), "10.0.0.2")).toMatchObject({ status: 401 });
      // ...until that address has guessed too many names.
      for (let i = 0; i < LIMITS.address; i += 1) await gate.check(header(`name${i}`, "guess"), "10.0.0.3");
      expect(await gate.check(anita("correct password"), "10.0.0.3")).toMatchObject({ status: 403 });
      // A removed login is refused at once, even though its header was remembered.
      writeLogins(file, new Map());
      expect(await gate.check(anita("correct password"), "10.0.0.1")).toMatchObject({ status: 401 });
    },
    HASHING_MS,
  );

  it(
    "keeps its blocks across a restart (issue 27, finding 3)",
    async () => {
      const file = loginsFile();
      const failures = path.join(path.dirname(file), "state", "failed-logins.json");
      const before = new Gate(file, failures);
      for (let i = 0; i < LIMITS.login; i += 1) await before.check(header("anita", `wrong ${i}`), "10.0.0.9");
      before.close();
      expect(fs.statSync(failures).mode & 0o777).toBe(0o600);
      const after = new Gate(file, failures);
      expect(await after.check(header("anita", "correct password"), "10.0.0.9")).toMatchObject({ status: 403 });
      expect(await after.check(header("anita", "correct password"), "10.0.0.10")).toEqual({ login: "anita" });
    },
    HASHING_MS,
  );

  it(
    "checks an unknown name with the same hashing as a known one (issue 27, finding 4)",
    async () => {
      // What each check hashes, counted where it is done (Node's scrypt), not timed: the
      // work is the same however busy the machine.
      const hashed: unknown[] = [];
      let Counted: typeof Gate = Gate;
      jest.isolateModules(() => {
        jest.doMock("node:crypto", () => {
          const real = jest.requireActual<typeof import("node:crypto")>("node:crypto");
          const scrypt = (...args: Parameters<typeof real.scrypt>) => {
            hashed.push([args[2], args[3]]);
            return (real.scrypt as (...all: unknown[]) => void)(...args);
          };
          return { ...real, scrypt };
        });
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        Counted = (require("../../server/login/logins") as { Gate: typeof Gate }).Gate;
      });
      const gate = new Counted(loginsFile());
      // Each from its own address, so no block cuts a check short.
      expect(await gate.check(header("anita", "wrong password"), "10.1.1.1")).toMatchObject({ status: 401 });
      const known = hashed.splice(0);
      expect(await gate.check(header("nobody-here", "wrong password"), "10.1.2.1")).toMatchObject({ status: 401 });
      const unknown = hashed.splice(0);
      expect(known).toHaveLength(1);
      expect(unknown).toEqual(known);
    },
    HASHING_MS,
  );

  it("counts an IPv6 address by its /64, and a network as a whole (issue 27, finding 3)", () => {
    expect(addressKeys("2001:db8:1:2:aaaa::1")).toEqual({ address: "2001:db8:1:2::/64", network: "2001:db8:1::/48" });
    expect(addressKeys("2001:db8:1:2:ffff:0:0:9").address).toBe("2001:db8:1:2::/64");
    expect(addressKeys("::ffff:192.0.2.7")).toEqual({ address: "192.0.2.7", network: "192.0.0.0/16" });
    const failures = new FailedLogins();
    // Addresses of one network taking turns, each under its own limit:
    for (let i = 0; i < LIMITS.network; i += 1) {
      const where = addressKeys(`198.51.${i % 250}.${i}`);
      failures.count([
        { kind: "address", key: where.address },
        { kind: "network", key: where.network },
      ]);
    }
    const fresh = addressKeys("198.51.200.200");
    expect(failures.blocked([{ kind: "address", key: fresh.address }])).toBe(false);
    expect(failures.blocked([{ kind: "network", key: fresh.network }])).toBe(true);
  });

  it("remembers a bounded number of failures, however many addresses try (issue 27, finding 3)", () => {
    const failures = new FailedLogins();
    for (let i = 0; i < MAX_TRACKED * 2; i += 1) {
      failures.count([{ kind: "login", key: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255} anita` }]);
    }
    expect(failures.size).toBe(MAX_TRACKED);
  });
});

describe("the login check nginx asks (auth_request)", () => {
  /** GETs `where` on the socket with `headers`: the status, the headers and the body. */
  const ask = (socketPath: string, where: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.get({ socketPath, path: where, headers }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      request.on("error", reject);
    });

  it(
    "answers 204 with the login, 401 asking for one, 403 once blocked, 404 elsewhere; never the password",
    async () => {
      const file = path.join(fs.mkdtempSync(path.join(dir, "service-")), "editors");
      writeLogins(file, new Map([["anita", hashPassword("correct password")]]));
      const gate = new Gate(file);
      const app = loginApp(gate);
      await app.ready();
      const server = app.server;
      const socket = path.join(path.dirname(file), "login.sock");
      await new Promise<void>((resolve) => server.listen(socket, resolve));
      const basic = (password: string) => ({
        authorization: `Basic ${Buffer.from(`anita:${password}`).toString("base64")}`,
        "x-real-ip": "192.0.2.1",
      });
      try {
        const good = await ask(socket, "/auth", basic("correct password"));
        expect(good.status).toBe(204);
        expect(good.headers["x-staff-login"]).toBe("anita");
        const none = await ask(socket, "/auth", { "x-real-ip": "192.0.2.1" });
        expect(none.status).toBe(401);
        expect(none.headers["www-authenticate"]).toMatch(/^Basic realm=/);
        // The address nginx names is the one counted: another address is not blocked.
        for (let i = 0; i < LIMITS.login; i += 1)
          expect((await ask(socket, "/auth", basic(`wrong ${i}`))).status).toBe(401);
        const blocked = await ask(socket, "/auth", basic("correct password"));
        expect(blocked.status).toBe(403);
        expect(blocked.body).not.toContain("correct password");
        expect((await ask(socket, "/auth", { ...basic("correct password"), "x-real-ip": "192.0.2.99" })).status).toBe(
          204,
        );
        expect((await ask(socket, "/", basic("correct password"))).status).toBe(404);
      } finally {
        gate.close();
        await app.close();
      }
    },
    HASHING_MS,
  );
});
