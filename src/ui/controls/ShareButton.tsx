import { useEffect, useState } from "react";
import { useRuntime } from "../../state/runtime-context.ts";
import { shareAddress } from "./shareAddress.ts";

const COPIED_FOR_MS = 2000;

export function ShareButton() {
  const runtime = useRuntime();
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const share = async () => {
    const address = shareAddress(runtime);
    try {
      await navigator.clipboard.writeText(address);
      setCopied("copied");
    } catch {
      // No clipboard (insecure origin, denied): the address bar gets the link to copy by hand.
      window.history.replaceState(null, "", address);
      setCopied("link in the address bar");
    }
  };

  return (
    <div className="share">
      <button
        type="button"
        onClick={share}
        title="Copy a link to this scenario at this moment"
        aria-keyshortcuts="s"
      >
        Share
      </button>
      <span role="status" className="share-status">
        {copied ?? ""}
      </span>
    </div>
  );
}
