#!/usr/bin/env node
// Draws the placeholder pictures in content/ (until the company's own photos arrive):
// anodised-aluminium swatches, brushed metal and simple line drawings of parts.
// Every file it writes starts with "placeholder-", which is how `content:check` finds
// them. Run once by a developer; staff replace the files, so the build never runs it.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const out = (file) => path.join(root, "content", file);

// A seeded generator keeps the pictures identical from run to run.
let seed = 7;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

function brushed(width, height, opacity = 0.18) {
  let lines = "";
  for (let y = 0; y < height; y += 3) {
    const shade = random() > 0.5 ? "#ffffff" : "#000000";
    lines += `<rect x="0" y="${y}" width="${width}" height="${1 + Math.floor(random() * 2)}" fill="${shade}" opacity="${(random() * opacity).toFixed(3)}"/>`;
  }
  return lines;
}

function metal(width, height, from, to, id = "g") {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="0.45" stop-color="${to}"/>
    <stop offset="0.55" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#${id})"/>${brushed(width, height)}`;
}

// Outline drawings of typical anodised parts, drawn in a 400 x 300 box.
const parts = {
  piston: `<rect x="130" y="60" width="140" height="170" rx="14"/><line x1="130" y1="90" x2="270" y2="90"/>
    <line x1="130" y1="105" x2="270" y2="105"/><line x1="130" y1="120" x2="270" y2="120"/>
    <circle cx="200" cy="175" r="22"/><line x1="178" y1="175" x2="222" y2="175"/>`,
  heatsink: `<rect x="80" y="200" width="240" height="30"/>${Array.from(
    { length: 9 },
    (_, i) => `<rect x="${90 + i * 26}" y="70" width="12" height="130"/>`,
  ).join("")}`,
  cylinder: `<ellipse cx="200" cy="70" rx="90" ry="26"/><path d="M110 70 V230 A90 26 0 0 0 290 230 V70"/>
    <ellipse cx="200" cy="70" rx="40" ry="11"/>`,
  bracket: `<path d="M90 230 H310 V190 H150 V70 H90 Z"/><circle cx="120" cy="110" r="12"/>
    <circle cx="250" cy="210" r="10"/>`,
  gear: `<circle cx="200" cy="150" r="80"/><circle cx="200" cy="150" r="30"/>${Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return `<line x1="${200 + 80 * Math.cos(a)}" y1="${150 + 80 * Math.sin(a)}" x2="${200 + 100 * Math.cos(a)}" y2="${150 + 100 * Math.sin(a)}"/>`;
  }).join("")}`,
  panel: `<rect x="70" y="60" width="260" height="180" rx="6"/>${Array.from(
    { length: 5 },
    (_, i) => `<circle cx="${110 + i * 45}" cy="215" r="7"/>`,
  ).join("")}<rect x="95" y="85" width="210" height="100"/>`,
};

function photo(width, height, from, to, part, seedValue) {
  seed = seedValue;
  const scale = Math.min(width / 400, height / 300) * 0.9;
  const dx = (width - 400 * scale) / 2;
  const dy = (height - 300 * scale) / 2;
  const drawing = part
    ? `<g transform="translate(${dx} ${dy}) scale(${scale})" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="${(3 / scale) * 2}">${parts[part]}</g>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${metal(width, height, from, to)}${drawing}</svg>`;
}

function logo(label, hue) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160">
    <rect x="4" y="4" width="312" height="152" rx="16" fill="#ffffff" stroke="hsl(${hue} 10% 70%)" stroke-width="4"/>
    <path d="M44 112 L72 48 L100 112 Z" fill="hsl(${hue} 25% 45%)"/>
    <text x="116" y="92" font-family="DejaVu Sans, sans-serif" font-size="34" font-weight="bold" fill="hsl(${hue} 20% 30%)">${label}</text>
  </svg>`;
}

const companyLogo = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
  <defs><linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c9d3dc"/><stop offset="1" stop-color="#6d7f8f"/></linearGradient></defs>
  <polygon points="256,24 457,140 457,372 256,488 55,372 55,140" fill="#0b3a5b"/>
  <polygon points="256,84 405,170 405,342 256,428 107,342 107,170" fill="url(#l)"/>
  <path d="M176 360 L256 150 L336 360 H296 L278 310 H234 L216 360 Z M244 280 H268 L256 244 Z" fill="#0b3a5b"/>
</svg>`;

const jobs = [
  ["images/placeholder-logo.png", companyLogo],
  ["images/placeholder-hero-welcome.jpg", photo(1920, 1080, "#16324a", "#3d5a73", null, 11)],
  ["images/placeholder-hero-anodising.jpg", photo(1920, 1080, "#2a1f3d", "#5a4a7a", "panel", 12)],
  ["images/placeholder-hero-conversion.jpg", photo(1920, 1080, "#1d3b33", "#46695e", "bracket", 13)],
  ["images/placeholder-hero-consultancy.jpg", photo(1920, 1080, "#33302a", "#6b6456", "gear", 14)],
  ["images/placeholder-about.jpg", photo(1200, 900, "#55606b", "#a9b4be", "heatsink", 15)],
  ["images/placeholder-teaser-hard.jpg", photo(1200, 900, "#2b2b2b", "#5c5650", "piston", 16)],
  ["images/placeholder-teaser-soft.jpg", photo(1200, 900, "#8a5a12", "#d9a441", "panel", 17)],
  ["images/placeholder-card-anodising.jpg", photo(1200, 800, "#203f66", "#5b86b8", "panel", 18)],
  ["images/placeholder-card-conversion.jpg", photo(1200, 800, "#6b7175", "#c7ccd0", "bracket", 19)],
  ["images/placeholder-card-consultancy.jpg", photo(1200, 800, "#3b3b45", "#7b7b8c", "gear", 20)],
  ["services/images/placeholder-hero-anodizing.jpg", photo(1920, 1080, "#1e3350", "#50709a", "panel", 21)],
  ["services/images/placeholder-hero-hard.jpg", photo(1920, 1080, "#1f1f1f", "#4a4540", "cylinder", 22)],
  ["services/images/placeholder-hero-soft.jpg", photo(1920, 1080, "#5a1f2a", "#a0445a", "panel", 23)],
  ["services/images/placeholder-hero-conversion.jpg", photo(1920, 1080, "#3f4448", "#8f979d", "bracket", 24)],
  ["services/images/placeholder-hero-consultancy.jpg", photo(1920, 1080, "#2d2a35", "#615b73", "gear", 25)],
  ["services/images/placeholder-hard-piston.jpg", photo(1200, 800, "#262626", "#57514b", "piston", 26)],
  ["services/images/placeholder-hard-cylinder.jpg", photo(1200, 800, "#2f2a25", "#6a5f52", "cylinder", 27)],
  ["services/images/placeholder-hard-heatsink.jpg", photo(1200, 800, "#1c1c1c", "#4d4d4d", "heatsink", 28)],
  ["services/images/placeholder-hard-gear.jpg", photo(1200, 800, "#3a3128", "#7a6a58", "gear", 29)],
  ["services/images/placeholder-soft-gold.jpg", photo(1200, 800, "#8a6410", "#e0b84a", "panel", 30)],
  ["services/images/placeholder-soft-blue.jpg", photo(1200, 800, "#123a6b", "#3f7cc4", "heatsink", 31)],
  ["services/images/placeholder-soft-red.jpg", photo(1200, 800, "#6b1020", "#c43f55", "bracket", 32)],
  ["services/images/placeholder-soft-black.jpg", photo(1200, 800, "#0d0d0f", "#3a3a40", "cylinder", 33)],
  ["services/images/placeholder-conversion-bracket.jpg", photo(1200, 800, "#5f666b", "#c2c8cc", "bracket", 34)],
  ["services/images/placeholder-conversion-panel.jpg", photo(1200, 800, "#6d6a5a", "#cfcbb0", "panel", 35)],
  ["services/images/placeholder-conversion-heatsink.jpg", photo(1200, 800, "#586068", "#b4bcc4", "heatsink", 36)],
  ["services/images/placeholder-about-anodizing.jpg", photo(1200, 900, "#203f66", "#8fb0d6", "cylinder", 37)],
  ...Array.from({ length: 10 }, (_, i) => [
    `images/clients/placeholder-client-${String(i + 1).padStart(2, "0")}.png`,
    logo(`Client ${String(i + 1).padStart(2, "0")}`, (i * 36) % 360),
  ]),
];

for (const [file, svg] of jobs) {
  fs.mkdirSync(path.dirname(out(file)), { recursive: true });
  const image = sharp(Buffer.from(svg));
  await (
    file.endsWith(".png") ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 78, mozjpeg: true })
  ).toFile(out(file));
}
console.log(`Wrote ${jobs.length} placeholder images under content/.`);
