// A `string:rv` option as the apiserver parses it: "" is unset and parses to 0, like "0". The
// pattern (`schema/values.ts`) guarantees digits; RVs above 2^53 lose precision, and only MaxInt64
// appears there, inside request options no pure kind parses.
export const parseRvOption = (rv: string): number => (rv === "" ? 0 : Number(rv));
