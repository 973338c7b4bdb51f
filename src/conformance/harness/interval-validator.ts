import type { IndexValidator } from "../../sim/apiserver/history.ts";

// Harness C's `intervalValidatorValidChecks` (docs/conformance.md): the interval validity check answers
// as usual for its first N calls in the case and "invalid" ever after; null keeps the usual check.
// One validator per case, shared by every interval the case builds, since the count is per case.
export function limitValidChecks(
  usual: IndexValidator,
  validChecks: number | null,
): IndexValidator {
  if (validChecks === null) return usual;
  let calls = 0;
  return (index) => {
    calls++;
    return calls <= validChecks && usual(index);
  };
}
