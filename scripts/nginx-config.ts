// Rewrites deploy/nginx/ from deploy/headers.ts.
import fs from "node:fs";
import path from "node:path";
import { brotliConfig, nginxSiteConfig } from "../deploy/nginx";

const root = path.resolve(__dirname, "..");
const dir = path.join(root, "deploy", "nginx");
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "site.conf"), nginxSiteConfig());
fs.writeFileSync(path.join(dir, "brotli.conf"), brotliConfig);
console.log("wrote deploy/nginx/site.conf and deploy/nginx/brotli.conf");
