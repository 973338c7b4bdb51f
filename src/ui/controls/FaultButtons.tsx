import { useEffect, useState } from "react";
import { numberText } from "../../content/number-text.ts";
import type { Fault } from "../../model/index.ts";
import { NS_PER_S, SCENARIO_KEYS } from "../../model/index.ts";
import { useApp } from "../../state/useApp.ts";
import { CheckedField } from "./CheckedField.tsx";
import { type FieldRule, positiveRule, rangeRule } from "./fieldRules.ts";

// Each button presses a fault now; the simulation records it in the scenario (`stall`, `restart`,
// `compact`, `herd`, `away`), so the link replays it at the same simulated moment. The sizes are
// checked by the key table's ranges: a refused size keeps the last good one and says so, and a
// button waits while its field holds text it would refuse.

const { herd, away } = SCENARIO_KEYS;
const SECONDS = positiveRule("seconds");
const HERD_CLIENTS = rangeRule(herd.value, "clients");
const AWAY_WATCHERS = rangeRule(away.value, "watchers");

export function FaultButtons() {
  const pressFault = useApp((state) => state.pressFault);
  const [stallS, setStallS] = useState(5);
  const [herdClients, setHerdClients] = useState(1000);
  const [awayWatchers, setAwayWatchers] = useState(5);
  const [awayS, setAwayS] = useState(100);
  // The fields start from the run's own last fault of each kind: a tour chapter that runs a 35 s
  // stall and a herd of 300 showed "Stall for 5 s" and "Herd of 1000", read as the run's.
  const lastStall = useApp((state) => state.scenario.stall.at(-1));
  const lastHerd = useApp((state) => state.scenario.herd.at(-1));
  const lastAway = useApp((state) => state.scenario.away.at(-1));
  useEffect(() => {
    if (lastStall !== undefined) setStallS((lastStall.endNs - lastStall.startNs) / NS_PER_S);
  }, [lastStall]);
  useEffect(() => {
    if (lastHerd !== undefined) setHerdClients(lastHerd.clients);
  }, [lastHerd]);
  useEffect(() => {
    if (lastAway === undefined) return;
    setAwayWatchers(lastAway.watchers);
    setAwayS(lastAway.durationNs / NS_PER_S);
  }, [lastAway]);
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const press = (fault: Fault) => () => pressFault(fault);
  const validity = (field: string) => (valid: boolean) =>
    setTyping((now) => {
      const next = new Set(now);
      if (valid) next.delete(field);
      else next.add(field);
      return next;
    });
  const amount = (
    field: string,
    label: string,
    unit: string,
    value: number,
    rule: FieldRule,
    set: (value: number) => void,
  ) => (
    <CheckedField
      className="amount"
      label={label}
      unit={unit}
      current={String(value)}
      keptWords={`${numberText(value)} ${unit}`}
      rule={rule}
      onCommit={(text) => set(Number(text))}
      onValidity={validity(field)}
    />
  );

  return (
    <fieldset className="faults">
      <legend>Faults (recorded in the link)</legend>
      <div className="fault">
        {amount("stall", "Stall for", "s", stallS, SECONDS, setStallS)}
        <button
          type="button"
          disabled={typing.has("stall")}
          onClick={press({ kind: "stall", durationS: stallS })}
        >
          Stall the watch stream
        </button>
      </div>
      <div className="fault">
        <button type="button" onClick={press({ kind: "restart" })}>
          Restart the cache
        </button>
        <button type="button" onClick={press({ kind: "compact" })}>
          Compact etcd now
        </button>
      </div>
      <div className="fault">
        {amount("herd", "Herd of", "clients", herdClients, HERD_CLIENTS, setHerdClients)}
        <button
          type="button"
          disabled={typing.has("herd")}
          onClick={press({ kind: "herd", clients: herdClients })}
        >
          Send a herd of consistent LISTs
        </button>
      </div>
      <div className="fault">
        {amount("watchers", "Send", "watchers", awayWatchers, AWAY_WATCHERS, setAwayWatchers)}
        {amount("away", "away for", "s", awayS, SECONDS, setAwayS)}
        <button
          type="button"
          disabled={typing.has("watchers") || typing.has("away")}
          onClick={press({ kind: "away", watchers: awayWatchers, durationS: awayS })}
        >
          Send watchers away
        </button>
      </div>
    </fieldset>
  );
}
