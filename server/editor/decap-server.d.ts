// decap-server ships JavaScript only: the two functions the editor uses.
declare module "decap-server/dist/middlewares" {
  import type { Express } from "express";
  type Register = (app: Express, options?: { logLevel?: string }) => Promise<void>;
  export const registerLocalGit: Register;
  export const registerLocalFs: Register;
}
