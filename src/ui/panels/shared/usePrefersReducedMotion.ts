import { useEffect, useState } from "react";

const query = "(prefers-reduced-motion: reduce)";

/** True when the reader asked for less motion; transitions then jump straight to the end. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => matchReducedMotion()?.matches ?? false);
  useEffect(() => {
    const media = matchReducedMotion();
    if (!media) return;
    const onChange = () => setReduced(media.matches);
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

function matchReducedMotion(): MediaQueryList | null {
  // jsdom and some embeds have no matchMedia.
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return null;
  return window.matchMedia(query);
}
