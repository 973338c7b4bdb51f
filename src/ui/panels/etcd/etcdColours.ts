import { emptySwatch, okabeIto } from "../shared/palette.ts";

export const etcdColours = {
  busy: okabeIto.green,
  busyFill: "rgba(0, 158, 115, 0.35)",
  free: emptySwatch,
  queue: okabeIto.vermillion,
  queueFill: "rgba(213, 94, 0, 0.25)",
} as const;
