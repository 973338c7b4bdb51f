import { useEffect, useState } from "react";
import { copyToClipboard } from "./clipboard.ts";

// Wall-clock is right here: this is feedback to the person who clicked, not part of the simulation.
const COPIED_FOR_MS = 2000;

/**
 * A share button's copy: the link goes to the clipboard or, where that is refused, into the
 * address bar to copy by hand; the status says which for two seconds, then clears.
 */
export function useCopyLink(): [status: string | null, copyLink: (address: string) => void] {
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (status === null) return;
    const timer = setTimeout(() => setStatus(null), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [status]);
  const copyLink = async (address: string) => {
    if (await copyToClipboard(address)) return setStatus("copied");
    window.history.replaceState(null, "", address);
    setStatus("link in the address bar");
  };
  return [status, copyLink];
}
