import { encodeScenario } from "../../model/index.ts";
import { PROM_KEY, promSemanticsOf } from "../../state/prom-semantics.ts";
import type { AppRuntime } from "../../state/runtime.ts";
import { addressFor, joinQuery } from "../../state/url.ts";
import { clockSeconds } from "./clockSeconds.ts";

/**
 * The link to this scenario at this simulated moment (`t`), at this speed: Share's and the
 * report's. It always names the Prometheus its windowed figures follow (`prom`), default included,
 * so a link read later means the same figures whatever the default then.
 */
export function shareAddress(runtime: AppRuntime): string {
  const { scenario, pageKeys, speed } = runtime.store.getState();
  const nowS = clockSeconds(runtime.live.get()?.snapshot.nowNs ?? 0);
  const { speed: _linkSpeed, t: _linkMoment, ...otherPageKeys } = pageKeys;
  const moment = { ...otherPageKeys, [PROM_KEY]: promSemanticsOf(pageKeys), t: String(nowS) };
  const keys = speed === 1 ? moment : { ...moment, speed: String(speed) };
  return addressFor(window.location, joinQuery(encodeScenario(scenario), keys));
}
