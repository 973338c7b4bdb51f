// The parser ships no types; this is the part of its output the export test reads.
declare module "parse-prometheus-text-format" {
  export interface MetricFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: {
      value?: string;
      labels?: Record<string, string>;
      buckets?: Record<string, string>;
      count?: string;
      sum?: string;
    }[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
