import type { RequestCounts } from "../../../model/index.ts";
import { CodeBreaks } from "../../text/CodeBreaks.tsx";
import { formatCount } from "../shared/format.ts";

// The clients' LISTs in two labelled units, each exactly one counter: logical requests
// (watchcachelab_lists_total, one per LIST when it ends) and attempts (watchcachelab_reads_total,
// one per page and per retry). A run with the skip gate retries where one without it waits, so
// only like units compare across A and B.

export function RequestUnits({ requests }: { requests: RequestCounts }) {
  const { listsByOutcome, attempts, maxRetries } = requests;
  const failed = Object.entries(listsByOutcome).filter(([outcome]) => outcome !== "ok");
  const failedTotal = failed.reduce((sum, [, n]) => sum + n, 0);
  const ok = listsByOutcome["ok"] ?? 0;
  return (
    <>
      <p className="wcl-decisions-units">
        <strong>{formatCount(ok + failedTotal)}</strong> logical requests ended (
        <code>watchcachelab_lists_total</code>): <strong>{formatCount(ok)}</strong> ok ·{" "}
        <strong className={failedTotal > 0 ? "wcl-alarm" : ""}>{formatCount(failedTotal)}</strong>{" "}
        failed after up to {maxRetries} retries
        {failed.length > 0 &&
          ` (${failed.map(([outcome, n]) => `${outcome}: ${formatCount(n)}`).join(", ")})`}{" "}
        · <strong>{formatCount(attempts)}</strong> attempts (<code>watchcachelab_reads_total</code>:
        every page and every retry is one)
      </p>
      <p className="wcl-muted">
        The table counts attempts, so compare runs in one unit. Its fallback column counts first
        pages (a later page is not a consistent read), as{" "}
        <code>
          <CodeBreaks text={'apiserver_watch_cache_consistent_read_total{fallback="true"}'} />
        </code>{" "}
        does. Watches are not counted here: a watch that got 410 appears only through the relist it
        made.
      </p>
    </>
  );
}
