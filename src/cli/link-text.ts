import { scenarioTextOf } from "../state/url.ts";

// `--scenario` takes what the page's address holds: `a=1&b=2`, `#a=1`, `?a=1`, or the whole link an
// operator pasted from the address bar or from Share. A whole link gives its fragment (else its
// query), as the page reads it.

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The scenario text of `--scenario`, and whether it came from a whole link. */
export function linkText(given: string): { text: string; wholeLink: boolean } {
  if (!SCHEME.test(given.trim())) return { text: given, wholeLink: false };
  try {
    return { text: scenarioTextOf(new URL(given.trim())), wholeLink: true };
  } catch {
    // Not a URL after all: the parser will name what it cannot read.
    return { text: given, wholeLink: false };
  }
}
