// The publishing host's repository, made before the host starts, with its photos made
// small in one commit on top of the checkout's: the server tests' builds prove publishing
// (refused, killed, coalesced, rolled back, mirrored), not Gatsby's image work. A clean
// build of the content's photos took 119 s of two cores, of the same photos made small
// 47 s. The first release is still the suite's build (HOST_SEED_RELEASE).
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ensureRepo } from "../publisher/repo";
import type { HostPaths } from "../lib/settings";
import { gitIn } from "./host";

/** The widest a photo stays, in pixels (wider than any fixed width a section asks for). */
const SMALL_WIDTH = 480;
/** Photos: what Gatsby turns into several sizes and formats (logos, PNGs, stay as they are). */
const PHOTO = /\.(jpe?g|webp)$/i;

export async function smallPhotos(paths: HostPaths): Promise<void> {
  await ensureRepo(paths);
  const content = path.join(paths.repo, "content");
  const photos = (fs.readdirSync(content, { recursive: true }) as string[]).filter((file) => PHOTO.test(file));
  for (const photo of photos) {
    const file = path.join(content, photo);
    const { width } = await sharp(file).metadata();
    if (width && width > SMALL_WIDTH)
      fs.writeFileSync(file, await sharp(file).resize({ width: SMALL_WIDTH }).toBuffer());
  }
  if (gitIn(paths.repo, "status", "--porcelain") === "") return;
  gitIn(paths.repo, "commit", "--quiet", "--all", "--message", "Small photos for the server tests");
}
