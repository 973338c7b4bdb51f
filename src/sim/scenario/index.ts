export type { Decoded } from "./decoded.ts";
export { echo } from "./echo.ts";
export { encodeScenario } from "./encode.ts";
export {
  type Away,
  appendAway,
  appendHerd,
  appendStall,
  appendTime,
  type Herd,
  type Stall,
} from "./faults.ts";
export {
  type GateSetting,
  type GateSpec,
  type GateStage,
  gatesFor,
  MODELLED_GATES,
  type ModelledGate,
  type ResolvedGates,
  resolveGates,
  UNMODELLED_GATES,
} from "./gates.ts";
export { K8S_VERSIONS, type K8sVersion } from "./k8s-version.ts";
export type { KeyDescriptor, SchemaVersion, ValueSpec } from "./key-codecs.ts";
export {
  allowedText,
  MAX_OBJECTS,
  MAX_OPEN_AT_S,
  PAGE_KEYS,
  SCENARIO_KEYS,
  SCHEMA_VERSION,
  type ScenarioKey,
} from "./keys.ts";
export {
  DEFAULT_LIMITS,
  formatLimits,
  MAX_LIMIT,
  parseLimits,
  type ReadLimits,
  VERSION_1_LIMITS,
} from "./limits.ts";
export { READ_MIX_KINDS, type ReadMix, type ReadMixKind } from "./mix.ts";
export { type NumberRange, readNumber } from "./numeric-text.ts";
export {
  issueProblem,
  type ParsedScenario,
  parseScenario,
  type ScenarioIssue,
  VERSION_1_NOTICE,
  VERSION_2_NOTICE,
} from "./parse.ts";
export {
  DEFAULT_SCENARIO,
  defaultsFor,
  followsPages,
  SCHEDULE_KEYS,
  type Scenario,
  type ScheduleKey,
} from "./scenario.ts";
export { KEY_CODECS, type KeyCodec, type ScenarioDraft } from "./scenario-codec.ts";
export {
  appendToSchedule,
  recordedTime,
  type Schedule,
  type SchedulePoint,
  valueAt,
} from "./schedule.ts";
export { WHATIF_SWITCHES, type WhatIf } from "./whatif.ts";
