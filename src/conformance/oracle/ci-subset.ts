import type { Script } from "../../sim/script/format.ts";

// What `npm run oracle -- --check` (and so `npm test` and CI where Go is present) re-derives from
// the real code: a fixed subset of each minor's corpus, because the whole corpus on five minors
// does not fit a fresh clone's 40-minute CI run (docs/benchmarks.md, "The Kubernetes oracle").
// `--check --full` re-derives all of it. The model is checked against every committed outcome
// either way (test/oracle/against-real.test.ts).

/** Random scripts of seeds 1 … this one are re-derived. */
export const CHECK_RANDOM_SEEDS = 60;

/**
 * Regression scripts whose world holds more pods than this are left to `--full`: the two canaries
 * of 50 000 and 100 000 pods take 1.5–3 minutes each per minor on a loaded 2-core machine.
 */
export const CHECK_MAX_OBJECTS = 10_000;

const seedOf = (script: Script): number => Number(script.name.slice("random-".length));

export function checkSubset(scripts: readonly Script[]): Script[] {
  return scripts.filter((s) =>
    s.class === "random" ? seedOf(s) <= CHECK_RANDOM_SEEDS : s.world.objects <= CHECK_MAX_OBJECTS,
  );
}
