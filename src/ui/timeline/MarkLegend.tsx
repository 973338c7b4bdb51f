import type { MarkFamily } from "./timeline-scale.ts";

const FAMILIES: readonly { family: MarkFamily; label: string }[] = [
  { family: "wait", label: "waits" },
  { family: "etcd", label: "etcd pays" },
  { family: "error", label: "429 · 504 · 410" },
  { family: "ring", label: "ring resize" },
  { family: "fault", label: "faults" },
  { family: "lag", label: "lag" },
];

/** What the markers' colours mean; each marker's tooltip says it in full. */
export function MarkLegend() {
  return (
    <ul className="mark-legend" aria-label="Marker colours">
      {FAMILIES.map(({ family, label }) => (
        <li key={family}>
          <span className="mark-swatch" data-family={family} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}
