import { useId, useState } from "react";
import type { Fault } from "../../model/index.ts";
import { useApp } from "../../state/use-app.ts";

// Each button presses a fault now; the simulation records it in the scenario (`stall`, `restart`,
// `compact`, `herd`, `away`), so the link replays it at the same simulated moment.

export function FaultButtons() {
  const pressFault = useApp((state) => state.pressFault);
  const [stallS, setStallS] = useState(5);
  const [herdClients, setHerdClients] = useState(1000);
  const [awayWatchers, setAwayWatchers] = useState(5);
  const [awayS, setAwayS] = useState(100);
  const press = (fault: Fault) => () => pressFault(fault);

  return (
    <fieldset className="faults">
      <legend>Faults (recorded in the link)</legend>
      <div className="fault">
        <Amount label="Stall for" unit="s" value={stallS} max={600} onChange={setStallS} />
        <button type="button" onClick={press({ kind: "stall", durationS: stallS })}>
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
        <Amount
          label="Herd of"
          unit="clients"
          value={herdClients}
          max={100_000}
          onChange={setHerdClients}
        />
        <button type="button" onClick={press({ kind: "herd", clients: herdClients })}>
          Send a herd of consistent LISTs
        </button>
      </div>
      <div className="fault">
        <Amount
          label="Send"
          unit="watchers"
          value={awayWatchers}
          max={10_000}
          onChange={setAwayWatchers}
        />
        <Amount label="away for" unit="s" value={awayS} max={3600} onChange={setAwayS} />
        <button
          type="button"
          onClick={press({ kind: "away", watchers: awayWatchers, durationS: awayS })}
        >
          Send watchers away
        </button>
      </div>
    </fieldset>
  );
}

interface AmountProps {
  label: string;
  unit: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
}

/** A fault's size: a whole number from 1 to `max`; anything else keeps the last good value. */
function Amount({ label, unit, value, max, onChange }: AmountProps) {
  const id = useId();
  return (
    <span className="amount">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={1}
        max={max}
        step={1}
        value={value}
        onChange={(event) => {
          const next = Number(event.target.value);
          if (Number.isInteger(next) && next >= 1 && next <= max) onChange(next);
        }}
      />
      <span className="unit">{unit}</span>
    </span>
  );
}
