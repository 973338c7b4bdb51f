// The bytes the apiserver holds for LIST responses it is building (a simulator-only view, the
// `watchcachelab_apiserver_list_bytes` gauges), and their peak. What the model holds:
// - a page etcd serves: its bytes, from the moment etcd starts serving the range until the
//   answer (the apiserver takes in and decodes etcd's response as it streams: a fresh copy of
//   every object it returns), that is for the range's service time;
// - a page the cache serves: its bytes for the instant it is served, no simulated time (the
//   cache lends references to objects it keeps anyway and the response is encoded as it is
//   written), so it reaches the peak but never a sampled gauge.
// Nothing else (encoding buffers, watch events, the cache's own store) is counted.

export class ListMemory {
  etcdBytes = 0;
  /** The highest total (etcd + cache) held at any instant so far. */
  peakBytes = 0;

  /** The apiserver starts (+) or stops (−) holding bytes of etcd's answers. */
  holdFromEtcd(deltaBytes: number): void {
    this.etcdBytes += deltaBytes;
    if (this.etcdBytes > this.peakBytes) this.peakBytes = this.etcdBytes;
  }

  /** A page served from the cache: held for the instant it is built. */
  servedFromCache(bytes: number): void {
    const total = this.etcdBytes + bytes;
    if (total > this.peakBytes) this.peakBytes = total;
  }
}
