// The installed app's icons (web/public/*.png, named in vite.config.ts's web app manifest),
// drawn from the favicon's mark in Chromium: `node scripts/make-icons.mjs`. The maskable icon
// fills its square and keeps the mark inside the middle 80 % that every launcher's mask shows.
import { chromium } from 'playwright-core';

const MARK = '<path d="M18 20h28v6H35v22h-6V26H18z" fill="#fff"/>';
const BRAND = '#b4441f';
const svg = (size, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${body}</svg>`;
const plain = (size) => svg(size, `<rect width="64" height="64" rx="14" fill="${BRAND}"/>${MARK}`);
const maskable = (size) =>
  svg(
    size,
    `<rect width="64" height="64" fill="${BRAND}"/><g transform="translate(6.4 6.4) scale(0.8)">${MARK}</g>`,
  );
const ICONS = [
  ['icon-192.png', plain, 192],
  ['icon-512.png', plain, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
for (const [name, draw, size] of ICONS) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<body style="margin:0">${draw(size)}</body>`);
  await page.locator('svg').screenshot({ path: `web/public/${name}`, omitBackground: true });
}
await browser.close();
