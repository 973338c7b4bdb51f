import type { Script } from "../../sim/script/format.ts";

// What `npm run oracle -- --check` (and so `npm test` and CI where Go is present) re-derives from
// the real code: each minor's corpus but its largest worlds, because those alone (two canaries)
// take 12–14 minutes per minor on a loaded 2-core machine, while the other 508 scripts take
// 4–40 s (docs/benchmarks.md, "The Kubernetes oracle"). `--check --full` re-derives all of it.
// The model is checked against every committed outcome either way (test/oracle/against-real.test.ts).

/** Scripts whose world holds more pods than this are left to `--full`. */
export const CHECK_MAX_OBJECTS = 10_000;

export function checkSubset(scripts: readonly Script[]): Script[] {
  return scripts.filter((s) => s.world.objects <= CHECK_MAX_OBJECTS);
}
