import {
  type KvEvent,
  type KvEventType,
  LIST_TOO_OLD,
  type PodSpec,
  type RangeResult,
} from "../../../src/sim/etcd/kv.ts";
import { resourceExpired, type StatusError } from "../../../src/sim/storage/errors.ts";
import { type Pod, podKey } from "../../../src/sim/storage/pod.ts";

// The reference for etcd's key records (src/sim/etcd/kv.ts): the whole log of pod writes, never
// trimmed, and every read a scan of it. Compaction only moves the line below which reads fail.

export class NaiveKv {
  revision: number;
  compactedRevision = 0;
  /** Every pod event since the start, oldest first; its index is the event's absolute index. */
  readonly log: KvEvent[] = [];
  private readonly prefix: string;

  constructor(initialRevision: number, prefix: string) {
    this.revision = initialRevision;
    this.prefix = prefix;
  }

  get podCount(): number {
    return this.keys().filter((key) => this.current(key) !== null).length;
  }

  get logEnd(): number {
    return this.log.length;
  }

  create(spec: PodSpec): KvEvent {
    return this.write("ADDED", spec);
  }
  update(spec: PodSpec): KvEvent {
    return this.write("MODIFIED", spec);
  }
  delete(namespace: string, name: string): KvEvent {
    const existing = this.current(podKey(this.prefix, { namespace, name }));
    if (existing === null) throw new Error("naive kv: delete of a missing key");
    return this.write("DELETED", existing);
  }
  writeOutside(): number {
    return ++this.revision;
  }
  compact(rev: number): void {
    this.writeOutside();
    if (rev > this.compactedRevision) this.compactedRevision = rev;
  }

  current(key: string): Pod | null {
    return this.visible(key, this.revision);
  }

  getAt(
    key: string,
    rev: number,
  ): { ok: true; pod: Pod | null } | { ok: false; error: StatusError } {
    if (rev < this.compactedRevision) return { ok: false, error: resourceExpired(LIST_TOO_OLD) };
    return { ok: true, pod: this.visible(key, rev) };
  }

  rangeAt(prefix: string, rev: number, limit: number, startAfterKey = ""): RangeResult {
    if (rev < this.compactedRevision) return { ok: false, error: resourceExpired(LIST_TOO_OLD) };
    const pods = this.keys()
      .filter((key) => key.startsWith(prefix) && key > startAfterKey)
      .map((key) => this.visible(key, rev))
      .filter((pod): pod is Pod => pod !== null);
    const items = limit > 0 ? pods.slice(0, limit) : pods;
    return { ok: true, revision: rev, items, more: items.length < pods.length };
  }

  countAt(prefix: string, rev: number): number {
    const range = this.rangeAt(prefix, rev, 0);
    return range.ok ? range.items.length : -1;
  }

  firstEventAfter(rev: number): number | null {
    if (rev + 1 < this.compactedRevision) return null;
    const i = this.log.findIndex((e) => e.revision > rev);
    return i < 0 ? this.log.length : i;
  }

  eventAt(index: number): KvEvent {
    const event = this.log[index];
    if (event === undefined) throw new Error(`naive kv: no event ${index}`);
    return event;
  }

  /** Every key ever written, sorted. */
  private keys(): string[] {
    return [...new Set(this.log.map((e) => e.key))].sort();
  }

  private visible(key: string, rev: number): Pod | null {
    const last = this.log.filter((e) => e.key === key && e.revision <= rev).at(-1);
    return last === undefined || last.type === "DELETED" ? null : last.object;
  }

  private write(type: KvEventType, spec: PodSpec): KvEvent {
    const key = podKey(this.prefix, spec);
    const prevObject = this.current(key);
    if ((type === "ADDED") !== (prevObject === null)) throw new Error(`naive kv: bad ${type}`);
    const revision = ++this.revision;
    const { namespace, name, nodeName, labels } = spec;
    const object: Pod = { namespace, name, nodeName, labels, rv: revision };
    const event: KvEvent = { revision, type, key, object, prevObject };
    this.log.push(event);
    return event;
  }
}
