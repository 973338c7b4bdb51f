import * as v from "valibot";
import { accept, type Decoded, refuse } from "./decoded.ts";

// The what-if switches: safeguards a scenario may remove to show what they prevent.

export const WHATIF_SWITCHES = ["noRvGuard", "noHysteresis"] as const;

export type WhatIf = (typeof WHATIF_SWITCHES)[number];

const whatIfSchema = v.picklist(WHATIF_SWITCHES);

export function readWhatIf(text: string): Decoded<Readonly<Record<WhatIf, boolean>>> {
  const whatif = { noRvGuard: false, noHysteresis: false };
  for (const name of text === "" ? [] : text.split(",")) {
    if (!v.is(whatIfSchema, name)) return refuse(`"${name}" is not a what-if switch`);
    whatif[name] = true;
  }
  return accept(whatif);
}

export const formatWhatIf = (whatif: Readonly<Record<WhatIf, boolean>>): string =>
  WHATIF_SWITCHES.filter((name) => whatif[name]).join(",");
