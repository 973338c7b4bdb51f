import { useEffect, useState } from "react";
import { useRuntime } from "../../state/runtime-context.ts";
import { createRequestLog, type RequestLog } from "./requestLog.ts";

/** A request log fed by every frame from the moment the page mounts it. */
export function useRequestLog(): RequestLog {
  const { live } = useRuntime();
  const [log] = useState(createRequestLog);
  useEffect(
    () =>
      live.subscribe(() => {
        const frame = live.get();
        if (frame) log.add(frame.snapshot);
      }),
    [live, log],
  );
  return log;
}
