import status from "./oracle-status.json" with { type: "json" };

// What the page says of how a Kubernetes version's behaviour was checked: against the released
// code by the oracle (docs/oracle.md; the figures are written by `npm run oracle -- --record-open`
// and a test keeps them equal to the committed outcomes), or by the transcribed unit tests alone.

/** A version's check against the released code, as `npm run oracle` records it. */
export interface VersionStatus {
  readonly module: string;
  readonly scripts: number;
  readonly agree: number;
  readonly checkedOn: string;
  readonly allowListEntries: number;
}

export function oracleCheckText(version: string): string {
  const checked = (status as Record<string, VersionStatus | undefined>)[version];
  if (checked === undefined) {
    return `${version}: checked against upstream's unit tests, transcribed; not yet run against its released code.`;
  }
  const module = checked.module.replace("@", " ");
  const open = checked.scripts - checked.agree;
  const agreement =
    open === 0
      ? `all ${checked.scripts} scripts answer exactly as it does`
      : `${checked.agree} of ${checked.scripts} scripts answer exactly as it does, ${open} still differ (open work)`;
  const accepted =
    checked.allowListEntries === 0
      ? "the allow-list accepts no difference"
      : `the allow-list accepts ${checked.allowListEntries} kinds of difference, each from the world model's own assumptions`;
  return `${version}: run against the released ${module} on ${checked.checkedOn}: ${agreement}; ${accepted}.`;
}
