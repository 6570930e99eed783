// The system's Chromium (Debian's `chromium`), which draws diagrams at build time (build/diagrams/draw.ts)
// and runs the tests and the audit: never a browser downloaded by npm.
import { existsSync } from 'node:fs';

export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
];

/** `CHROMIUM_PATH` when set (another install, another system), else Debian's. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const hasChromium = () => existsSync(chromiumPath());
