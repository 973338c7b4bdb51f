import { useRef } from "react";
import { PRESETS, presetScenarioQuery } from "../../content/presets.ts";
import { useApp } from "../../state/useApp.ts";
import { Later, MOUNT_TURN } from "../layout/MountTurns.tsx";
import { CamelBreaks } from "../text/CamelBreaks.tsx";

/** The gallery: each preset with its one-line explanation and what to look for. */
export function PresetsMenu() {
  const open = useApp((state) => state.open);
  const menu = useRef<HTMLDetailsElement>(null);
  const choose = (query: string) => {
    open(query);
    menu.current?.removeAttribute("open");
  };
  return (
    <details className="presets" ref={menu}>
      <summary>Presets</summary>
      <Later turn={MOUNT_TURN.menus}>
        <ul className="preset-list" aria-label="Presets">
          {PRESETS.map((preset) => (
            <li key={preset.id}>
              <button type="button" onClick={() => choose(presetScenarioQuery(preset))}>
                <span className="preset-title">{preset.title}</span>
                <span className="preset-explanation">
                  <CamelBreaks text={preset.explanation} />
                </span>
                <span className="preset-observable">Look for: {preset.observable.description}</span>
              </button>
            </li>
          ))}
        </ul>
      </Later>
    </details>
  );
}
