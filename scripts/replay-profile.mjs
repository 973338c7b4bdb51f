// Where a replay's CPU goes, for bench-replay.mjs --profile: a V8 CPU profile of one replay, its
// samples summed by the source module of the bundle line they fell on (esbuild marks each
// module's start with a `// src/…` line) and by function. A module is one concept of the model
// (the scheduler, the reads, the watch cache's intake…), so the first table is the cost per
// feature; the garbage collector and V8's own work show under their own names.
import { Session } from "node:inspector/promises";

/** Runs `replay()` under the CPU profiler and returns the profile. */
export async function profiled(replay) {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  replay();
  const { profile } = await session.post("Profiler.stop");
  session.disconnect();
  return profile;
}

/** For each line of the bundle `source`, the module it belongs to. */
function moduleOfLine(source) {
  const modules = [];
  let current = "(bundle)";
  for (const line of source.split("\n")) {
    const start = /^\/\/ (src\/\S+)/.exec(line);
    if (start) current = start[1];
    modules.push(current);
  }
  return modules;
}

/**
 * The profile's self time summed by module and by function (ms, heaviest first); `url` is the
 * bundle's (its lines are mapped to `source`'s modules), other code keeps V8's own name.
 */
export function summarise(profile, source, url) {
  const modules = moduleOfLine(source);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byModule = new Map();
  const byFunction = new Map();
  let totalMs = 0;
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const { functionName, url: from, lineNumber } = byId.get(id).callFrame;
    // The inspector session's own message handling (the stop call): not the replay's.
    if (functionName === "dispatch" && from === "") return;
    const inModel = from === url;
    const module = inModel ? (modules[lineNumber] ?? "(bundle)") : functionName || "(native)";
    totalMs += ms;
    add(byModule, module, ms);
    add(byFunction, inModel ? `${functionName || "(anonymous)"} (${module})` : module, ms);
  });
  const heaviest = (map) => [...map].sort((a, b) => b[1] - a[1]);
  return { totalMs, byModule: heaviest(byModule), byFunction: heaviest(byFunction) };
}

/** The summary as lines: `top` modules and functions, each with its ms and share. */
export function summaryLines({ totalMs, byModule, byFunction }, top) {
  const row = ([name, ms]) =>
    `${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / totalMs).toFixed(1).padStart(5)} %  ${name}`;
  return [
    `profiled ${totalMs.toFixed(0)} ms; self time by module:`,
    ...byModule.slice(0, top).map(row),
    "by function:",
    ...byFunction.slice(0, top).map(row),
  ];
}
