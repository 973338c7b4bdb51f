// The browser tests drive Debian's Chromium (no browser downloads on these machines). Installs it
// with apt when it is missing and we are root; otherwise says exactly what to run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `test: ${CHROMIUM} is missing; install it with: sudo apt-get install -y chromium`,
    );
    return false;
  }
  console.log("test: installing Debian's chromium for the browser tests (once per machine)");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  if (update.status !== 0) return false;
  const install = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env,
  });
  return install.status === 0 && existsSync(CHROMIUM);
}
