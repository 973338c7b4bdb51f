import { spawnSync } from "node:child_process";
import { expect } from "vitest";

// The bundled command line, spawned as `npm run sim` runs it (after `presim` bundles it).

export const sim = (...args: string[]) =>
  spawnSync(process.execPath, ["dist-cli/sim.mjs", ...args], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });

export function bundleSim(): void {
  const bundled = spawnSync(process.execPath, ["scripts/bundle-cli.mjs", "sim"], {
    encoding: "utf8",
  });
  expect(bundled.status, bundled.stderr).toBe(0);
}

/** A refusal as the command line must make it: exit 2, nothing on stdout, the words on stderr. */
export function expectRefusal(out: ReturnType<typeof sim>, ...words: string[]): void {
  expect(out.status, out.stderr).toBe(2);
  expect(out.stdout).toBe("");
  for (const word of words) expect(out.stderr).toContain(word);
  // It refuses: no wording of the page's, which warns and runs on.
  expect(out.stderr).not.toMatch(
    /ignored|first value is used|runs alone|not started|keeps its default/,
  );
}
