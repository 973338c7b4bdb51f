import { useEffect, useRef, useState } from "react";

export type PrometheusTextSource = () => Promise<string> | string;

type CopyState = "idle" | "copying" | "copied" | "failed";

// Wall-clock is right here: this is feedback to the person who clicked, not part of the simulation.
const CONFIRMATION_MS = 2000;

const labels: Record<CopyState, string> = {
  idle: "Copy as Prometheus text",
  copying: "Copying…",
  copied: "Copied",
  failed: "Copy failed — try again",
};

export function CopyPrometheusButton({ source }: { source: PrometheusTextSource | undefined }) {
  const [state, setState] = useState<CopyState>("idle");
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const copy = async () => {
    if (!source) return;
    setState("copying");
    try {
      const text = await source();
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => setState("idle"), CONFIRMATION_MS);
  };

  return (
    <>
      <button
        type="button"
        className="wcl-button"
        onClick={copy}
        disabled={!source || state === "copying"}
        title={source ? undefined : "Available when the simulation runs in the app"}
      >
        {labels[state]}
      </button>
      <span className="wcl-visually-hidden" role="status">
        {state === "copied" ? "Metrics copied to the clipboard" : ""}
      </span>
    </>
  );
}
