import type { Scenario } from "../../model/index.ts";
import {
  encodeScenario,
  gatesFor,
  K8S_VERSIONS,
  KEY_CODECS,
  type ModelledGate,
  parseScenario,
} from "../../model/index.ts";

// Choosing another Kubernetes version drops the gate settings it does not accept (a gate it lacks,
// or one it locks), as a link would. The page says which, keeps them aside, and puts them back
// when a version that accepts them is chosen again.

export interface VersionSwitch {
  scenario: Scenario;
  /** Settings ("Gate=true") this switch dropped. */
  dropped: string[];
  /** Settings kept aside earlier that this switch put back. */
  restored: string[];
  /** What is still kept aside after the switch. */
  setAside: string[];
}

const settingsOf = (scenario: Scenario): string[] =>
  KEY_CODECS.gates
    .write(scenario)
    .split(",")
    .filter((setting) => setting !== "");

/** `scenario` on `version`, with the settings kept aside that it accepts put back. */
export function switchVersion(
  scenario: Scenario,
  version: string,
  setAside: readonly string[],
): VersionSwitch {
  const before = settingsOf(scenario);
  const gateName = (setting: string) => setting.slice(0, setting.indexOf("="));
  // A setting kept aside replaces the current one of its gate (the user set it on purpose).
  const wanted = [
    ...before.filter((setting) => !setAside.some((kept) => gateName(kept) === gateName(setting))),
    ...setAside,
  ];
  const known = K8S_VERSIONS.find((candidate) => candidate === version);
  if (known === undefined) throw new Error(`no Kubernetes version ${version}`);
  const specs = gatesFor(known);
  // The version accepts a setting of a gate it has and does not lock (a link would refuse it).
  const kept = (setting: string) => {
    const spec = specs[gateName(setting) as ModelledGate];
    return spec?.exists === true && !spec.locked;
  };
  const params = new URLSearchParams(encodeScenario(scenario));
  params.set("k8s", version);
  params.set("gates", wanted.filter(kept).join(","));
  const accepted = parseScenario(params.toString()).scenario;
  return {
    scenario: accepted,
    dropped: before.filter((setting) => !kept(setting) && !setAside.includes(setting)),
    restored: setAside.filter(kept),
    setAside: [
      ...setAside.filter((setting) => !kept(setting)),
      ...before.filter((setting) => !kept(setting) && !setAside.includes(setting)),
    ],
  };
}
