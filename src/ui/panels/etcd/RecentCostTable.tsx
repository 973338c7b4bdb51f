import type { EtcdRecentView } from "../../../model/index.ts";
import { formatBytes, formatCount } from "../shared/format.ts";

// What etcd did over an interval, by reason: the model's window over the per-reason counters
// (watchcachelab_etcd_requests_total, _busy_seconds_total, _bytes_total). Over the last second, a
// 7 ms request that is never in flight at the instant of a frame still shows; since the start,
// two runs side by side at their end can be told apart.

// The reason's metric label, and under it what it means: on two lines the row header is narrow
// enough for all four columns to fit a phone's width.
const REASON_LABELS: Record<string, string> = {
  delegated: "LIST sent to etcd",
  fallback: "cache hit the wall",
  current_rv: "quorum read for the RV",
  progress: "progress request",
  reflector: "cacher's own LIST",
};

const seconds = (s: number) => `${s.toFixed(s >= 10 ? 1 : 2)} s`;

export function RecentCostTable({
  recent,
  span,
}: {
  recent: EtcdRecentView;
  /** "last": the last second; "start": since the start of the run. */
  span: "last" | "start";
}) {
  const rows = Object.entries(recent.byReason);
  const total = recentTotals(recent);
  const over =
    span === "last"
      ? `Over the last ${seconds(recent.windowSeconds)}`
      : `Since the start (${seconds(recent.windowSeconds)})`;
  const name = `What etcd did, by reason, ${span === "last" ? "lately" : "since the start"}`;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a narrow panel cuts the table off, and a keyboard must be able to scroll it
    <section className="wcl-table-scroll" tabIndex={0} aria-label={name}>
      <table className="wcl-decisions wcl-etcd-recent">
        <caption className="wcl-muted">
          {over}: requests answered, slot-time busy (slot seconds) and bytes returned, by reason
        </caption>
        <thead>
          <tr>
            <th scope="col">reason</th>
            <th scope="col">requests</th>
            <th scope="col">
              busy
              <br />
              slot-s
            </th>
            <th scope="col">bytes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([reason, c]) => (
            <tr key={reason}>
              <th scope="row">
                {reason}
                {REASON_LABELS[reason] && (
                  <span className="wcl-share"> ({REASON_LABELS[reason]})</span>
                )}
              </th>
              <td>{formatCount(c.requests)}</td>
              <td>{c.busySeconds.toFixed(2)}</td>
              <td>{formatBytes(c.bytes)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">all reasons</th>
            <td>{formatCount(total.requests)}</td>
            <td>{total.busySeconds.toFixed(2)}</td>
            <td>{formatBytes(total.bytes)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/** Requests answered, slot-seconds busy and bytes returned over the interval, all reasons. */
export function recentTotals(recent: EtcdRecentView): {
  requests: number;
  busySeconds: number;
  bytes: number;
} {
  const total = { requests: 0, busySeconds: 0, bytes: 0 };
  for (const c of Object.values(recent.byReason)) {
    total.requests += c.requests;
    total.busySeconds += c.busySeconds;
    total.bytes += c.bytes;
  }
  return total;
}
