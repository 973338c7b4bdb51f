import type { GateSpec, K8sVersion } from "../../model/index.ts";

/** Why a gate's toggle cannot be used in `version`, or null when it can. */
export function lockedReason(spec: GateSpec, version: K8sVersion): string | null {
  if (!spec.exists) {
    return `not in Kubernetes ${version}: its behaviour is always ${spec.effective ? "on" : "off"}`;
  }
  if (spec.locked) return `${spec.stage} in ${version}, locked ${spec.default ? "on" : "off"}`;
  return null;
}

/** The gate's stage and default, for a toggle that can be used. */
export const stageText = (spec: GateSpec): string =>
  spec.exists ? `${spec.stage}, default ${spec.default ? "on" : "off"}` : "";
