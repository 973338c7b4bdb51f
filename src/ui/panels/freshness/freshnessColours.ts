import { okabeIto } from "../shared/palette.ts";

// etcd dashed orange, cache solid blue: different in hue, lightness and stroke.
export const freshnessColours = {
  etcd: okabeIto.orange,
  cache: okabeIto.blue,
  gap: "rgba(230, 159, 0, 0.28)",
  lag: okabeIto.vermillion,
  lagFill: "rgba(213, 94, 0, 0.22)",
} as const;
