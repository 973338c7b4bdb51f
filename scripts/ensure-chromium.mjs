// The browser tests drive Debian's Chromium (no browser downloads on these machines).
import { ensureDebianTool } from "./ensure-debian-tool.mjs";

export const CHROMIUM = "/usr/bin/chromium";

export const ensureChromium = () =>
  ensureDebianTool({ path: CHROMIUM, pkg: "chromium", why: "the browser tests" });
