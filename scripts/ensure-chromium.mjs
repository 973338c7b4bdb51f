// The browser tests drive Debian's Chromium (no browser downloads on these machines).

import chromium from "./chromium.json" with { type: "json" };
import { ensureDebianTool } from "./ensure-debian-tool.mjs";

export const CHROMIUM = chromium.executablePath;

export const ensureChromium = () =>
  ensureDebianTool({ path: CHROMIUM, pkg: "chromium", why: "the browser tests" });
