import type { K8sVersion, ResolvedGates } from "../../model/index.ts";
import { gatesFor, MODELLED_GATES } from "../../model/index.ts";

/** `gates` text for these gates: only those set away from the version's default, as --feature-gates would. */
export function gateSettingsText(gates: ResolvedGates, version: K8sVersion): string {
  const specs = gatesFor(version);
  return MODELLED_GATES.filter((name) => {
    const spec = specs[name];
    return spec.exists && !spec.locked && gates[name] !== spec.default;
  })
    .map((name) => `${name}=${gates[name]}`)
    .join(",");
}
