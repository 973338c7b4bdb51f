import { memo } from "react";

export interface LegendItem {
  label: string;
  colour: string;
  /** Dashed marks (reference lines) are drawn as a dashed swatch so colour is not the only cue. */
  dashed?: boolean;
}

// Legends rarely change while their panel redraws every frame: pass stable `items` and skip them.
export const Legend = memo(function Legend({ items }: { items: readonly LegendItem[] }) {
  return (
    <ul className="wcl-legend">
      {items.map((item) => (
        <li key={item.label} className="wcl-legend__item">
          <span
            className={item.dashed ? "wcl-swatch wcl-swatch--dashed" : "wcl-swatch"}
            style={item.dashed ? { borderColor: item.colour } : { background: item.colour }}
            aria-hidden="true"
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
});
