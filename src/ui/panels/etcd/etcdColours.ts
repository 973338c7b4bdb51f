import { ink, okabeIto } from "../shared/palette.ts";

export const etcdColours = {
  busy: okabeIto.green,
  free: ink.empty,
  queue: okabeIto.vermillion,
  queueFill: "rgba(213, 94, 0, 0.25)",
} as const;
