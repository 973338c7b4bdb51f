// The tests use real parts from Debian (Chromium for the browser tests, Prometheus's promtool for
// the exported metrics; no downloads of our own on these machines). Installs a missing one with
// apt when we are root; otherwise says exactly what to run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** True when `path` exists, after installing Debian's `pkg` if it did not and we may. */
export function ensureDebianTool({ path, pkg, why }) {
  if (existsSync(path)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`test: ${path} is missing; install it with: sudo apt-get install -y ${pkg}`);
    return false;
  }
  console.log(`test: installing Debian's ${pkg} for ${why} (once per machine)`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  if (update.status !== 0) return false;
  const install = spawnSync("apt-get", ["install", "-y", "-qq", pkg], { stdio: "inherit", env });
  return install.status === 0 && existsSync(path);
}
