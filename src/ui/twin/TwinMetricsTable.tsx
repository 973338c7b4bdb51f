import type { SimSnapshot } from "../../model/index.ts";
import { formatDifference, formatMetric, KEY_METRICS } from "./keyMetrics.ts";

/** The key figures of both runs now, and how far B is from A. */
export function TwinMetricsTable({ a, b }: { a: SimSnapshot; b: SimSnapshot }) {
  return (
    <table className="twin-table">
      <caption>Key metrics, A vs B</caption>
      <thead>
        <tr>
          <th scope="col">metric</th>
          <th scope="col">A</th>
          <th scope="col">B</th>
          <th scope="col">B − A</th>
        </tr>
      </thead>
      <tbody>
        {KEY_METRICS.map((metric) => {
          const valueA = metric.value(a);
          const valueB = metric.value(b);
          return (
            <tr key={metric.id}>
              <th scope="row">{metric.label}</th>
              <td>{formatMetric(valueA, metric.unit)}</td>
              <td>{formatMetric(valueB, metric.unit)}</td>
              <td className={valueA === valueB ? "same" : "apart"}>
                {formatDifference(valueB - valueA, metric.unit)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
