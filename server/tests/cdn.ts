// The mirror's world for the server tests: an S3-compatible server (s3rver), a proxy in
// front of it that logs each request and can cut the ones a test names, and nginx with
// proxy_cache in front of the bucket standing in for the CDN (with the header rule and
// the compression a CDN adds, and TLS as the public name has).
import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { spawn } from "node:child_process";
import { NGINX, writeNginxConf } from "../lib/nginx";
import { freePort, spawnListening } from "./host";
import { APP_DIR } from "../lib/settings";

export const BUCKET = "site";
/** s3rver's own keys. */
export const KEYS = { MIRROR_ACCESS_KEY_ID: "S3RVER", MIRROR_SECRET_ACCESS_KEY: "S3RVER" };

export interface Request {
  method: string;
  /** The object's key ("" for the bucket itself: a listing). */
  key: string;
  /** Cut by the test: the connection was closed before s3rver saw it. */
  cut: boolean;
}

/** s3rver on port 0, its objects in `dir`. */
export async function startBucket(dir: string): Promise<{ child: ChildProcess; port: number }> {
  return spawnListening(
    process.execPath,
    [path.join(APP_DIR, "server", "tests", "s3Server.cjs"), dir, BUCKET],
    process.env,
  );
}

/**
 * Between the publisher and the bucket: every request passes through to s3rver and is
 * logged in order; while `cut` says so of a request, its connection is closed instead (an
 * uplink lost mid-upload).
 */
export class BucketLine {
  readonly log: Request[] = [];
  cut: ((request: Request) => boolean) | null = null;
  private readonly server: http.Server;

  constructor(private readonly s3Port: number) {
    this.server = http.createServer((incoming, answer) => {
      const url = new URL(incoming.url ?? "/", "http://bucket");
      const key = decodeURIComponent(url.pathname.replace(new RegExp(`^/${BUCKET}/?`), ""));
      const request: Request = { method: incoming.method ?? "", key, cut: false };
      request.cut = this.cut?.(request) ?? false;
      this.log.push(request);
      if (request.cut) {
        incoming.socket.destroy();
        return;
      }
      const onward = http.request(
        {
          host: "127.0.0.1",
          port: this.s3Port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (reply) => {
          answer.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(answer);
        },
      );
      onward.on("error", () => answer.destroy());
      incoming.pipe(onward);
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  close(): void {
    this.server.closeAllConnections();
    this.server.close();
  }
}

/** A certificate for 127.0.0.1 in `dir`, made once for this run: the CDN's public name is https. */
export function certificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, "cdn.pem");
  const key = path.join(dir, "cdn.key");
  if (fs.existsSync(cert)) return { cert, key };
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  return { cert, key };
}

/**
 * nginx as a CDN in front of the bucket: pages at their keys (the home page at
 * index.html, the CDN's default object), a missing key answered with the site's 404 page,
 * responses cached as their Cache-Control says (revalidated pages, immutable files), the
 * header rule's headers added, text compressed.
 */
export async function startCdn(
  dir: string,
  s3Port: number,
  headers: Record<string, string>,
): Promise<{ url: string; process: ChildProcess; stop: () => Promise<void> }> {
  const prefix = path.join(dir, "cdn");
  fs.mkdirSync(path.join(prefix, "cache"), { recursive: true });
  // nginx's workers (another user when the tests run as root) write the cache.
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(prefix, 0o755);
  fs.chmodSync(path.join(prefix, "cache"), 0o777);
  const { cert, key } = certificate(dir);
  const added = Object.entries(headers)
    .map(([name, value]) => `    add_header ${name} "${value.replace(/"/g, '\\"')}" always;`)
    .join("\n");
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const args = writeNginxConf(
      prefix,
      `  proxy_cache_path ${prefix}/cache levels=1:2 keys_zone=cdn:10m max_size=500m inactive=1h use_temp_path=off;
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    gzip on;
    gzip_proxied any;
    gzip_types text/css application/javascript application/json application/xml image/svg+xml text/plain application/manifest+json text/yaml;
    proxy_cache cdn;
    proxy_cache_revalidate on;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_hide_header x-amz-request-id;
    proxy_hide_header x-amz-id-2;
    proxy_intercept_errors on;
    error_page 403 404 @missing;
${added}
    location = / {
      proxy_pass http://127.0.0.1:${s3Port}/${BUCKET}/index.html;
    }
    location / {
      rewrite ^(.*)$ /${BUCKET}$1 break;
      proxy_pass http://127.0.0.1:${s3Port};
    }
    location @missing {
      rewrite ^ /${BUCKET}/404.html break;
      proxy_pass http://127.0.0.1:${s3Port};
      proxy_intercept_errors off;
    }
  }`,
      [],
    );
    const child = spawn(NGINX, args, { stdio: ["ignore", "inherit", "pipe"] });
    let said = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      process.stderr.write(chunk);
    });
    const url = `https://127.0.0.1:${port}`;
    const up = await waitForPort(port, child);
    if (up) {
      const stop = async () => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      };
      return { url, process: child, stop };
    }
    if (!/Address already in use/.test(said) || attempt === 3)
      throw new Error(`the CDN's nginx did not start: ${said}`);
  }
}

/** Whether something listens on `port` before `child` exits. */
async function waitForPort(port: number, child: ChildProcess): Promise<boolean> {
  for (;;) {
    if (child.exitCode !== null) return false;
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
