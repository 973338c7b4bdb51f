import { useRuntime } from "../../state/runtime-context.ts";
import { useCopyLink } from "../export/useCopyLink.ts";
import { shareAddress } from "./shareAddress.ts";

export function ShareButton() {
  const runtime = useRuntime();
  const [copied, copyLink] = useCopyLink();

  return (
    <div className="share">
      <button
        type="button"
        onClick={() => copyLink(shareAddress(runtime))}
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
