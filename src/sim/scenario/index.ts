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
export { KEY_CODECS, type KeyCodec } from "./key-codecs.ts";
export {
  allowedText,
  type KeyDescriptor,
  MAX_OPEN_AT_S,
  PAGE_KEYS,
  SCENARIO_KEYS,
  type ScenarioKey,
  type ValueSpec,
} from "./keys.ts";
export {
  DEFAULT_LIMITS,
  formatLimits,
  MAX_LIMIT,
  parseLimits,
  type ReadLimits,
} from "./limits.ts";
export { READ_MIX_KINDS, type ReadMix, type ReadMixKind } from "./mix.ts";
export { type NumberRange, readNumber } from "./numeric-text.ts";
export {
  issueProblem,
  type ParsedScenario,
  parseScenario,
  type ScenarioIssue,
  VERSION_1_NOTICE,
} from "./parse.ts";
export {
  DEFAULT_SCENARIO,
  defaultsFor,
  followsPages,
  SCHEDULE_KEYS,
  SCHEMA_VERSION,
  type Scenario,
  type ScheduleKey,
  type SchemaVersion,
  VERSION_1_LIMITS,
  WHATIF_SWITCHES,
  type WhatIf,
} from "./scenario.ts";
export {
  appendToSchedule,
  recordedTime,
  type Schedule,
  type SchedulePoint,
  valueAt,
} from "./schedule.ts";
