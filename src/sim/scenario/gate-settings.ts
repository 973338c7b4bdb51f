import { accept, type Decoded, refuse } from "./decoded.ts";
import {
  type GateSetting,
  gatesFor,
  MODELLED_GATES,
  type ModelledGate,
  UNMODELLED_GATES,
} from "./gates.ts";
import type { K8sVersion } from "./k8s-version.ts";

// `gates` is read the way kube-apiserver reads `--feature-gates` (comma-separated Name=bool,
// booleans as Go's strconv.ParseBool takes them), and refused with kube-apiserver's words.

const TRUE_WORDS = new Set(["1", "t", "T", "TRUE", "true", "True"]);
const FALSE_WORDS = new Set(["0", "f", "F", "FALSE", "false", "False"]);

const isModelled = (name: string): name is ModelledGate =>
  (MODELLED_GATES as readonly string[]).includes(name);

/** Why `name=enabled` cannot be set in `version`, or undefined when it can. */
function refusal(name: string, enabled: boolean, version: K8sVersion): string | undefined {
  const where = `(Kubernetes ${version})`;
  if (UNMODELLED_GATES.includes(name)) {
    return `${name} is a real kube-apiserver feature gate, but the simulator does not model it`;
  }
  if (!isModelled(name)) return `unrecognized feature gate: ${name} ${where}`;
  const spec = gatesFor(version)[name];
  if (!spec.exists) return `unrecognized feature gate: ${name} ${where}`;
  if (spec.locked && enabled !== spec.default) {
    return `cannot set feature gate ${name} to ${enabled}, feature is locked to ${spec.default} ${where}`;
  }
  return undefined;
}

export function parseGateSettings(
  text: string,
  version: K8sVersion,
): Decoded<readonly GateSetting[]> {
  const settings: GateSetting[] = [];
  const problems: string[] = [];
  for (const entry of text.split(",")) {
    if (entry.trim() === "") continue;
    const equals = entry.indexOf("=");
    const name = (equals < 0 ? entry : entry.slice(0, equals)).trim();
    const word = equals < 0 ? undefined : entry.slice(equals + 1).trim();
    if (word === undefined) {
      problems.push(`missing bool value for ${name}`);
      continue;
    }
    if (!TRUE_WORDS.has(word) && !FALSE_WORDS.has(word)) {
      problems.push(`invalid value of ${name}=${word}: expected true or false`);
      continue;
    }
    const enabled = TRUE_WORDS.has(word);
    const refused = refusal(name, enabled, version);
    if (refused !== undefined) problems.push(refused);
    else if (settings.some((setting) => setting.gate === name))
      problems.push(`${name} is set twice`);
    else if (isModelled(name)) settings.push({ gate: name, enabled });
  }
  return problems.length === 0 ? accept(settings) : refuse(...problems);
}

export const formatGateSettings = (settings: readonly GateSetting[]): string =>
  settings.map(({ gate, enabled }) => `${gate}=${enabled}`).join(",");
