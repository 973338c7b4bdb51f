package world

import (
	"context"
	"sync"
	"time"

	"watchcachelab/oracle/shared/script"
	"watchcachelab/oracle/shared/vclock"
)

// World is etcd plus the cacher's watch stream, on the clock of the goroutine that made it (a
// synctest bubble in the harness). Before Start it is free: ranges take no slot and no time and
// the stream has no lag, so the cacher's first initialisation happens before the script's t=0.
type World struct {
	cfg     script.World
	clock   *vclock.Clock
	mu      sync.Mutex
	kv      *KV
	queue   *RangeQueue
	stream  *Stream
	origin  time.Time
	started bool
}

// PodPrefix is where the pods live; PodRangeEnd closes the recursive range over it.
const (
	PodPrefix   = "/pods/"
	PodRangeEnd = "/pods0"
)

// New holds `objects` pods created one by one at revisions 2…objects+1; its timers run on clock.
func New(cfg script.World, clock *vclock.Clock) *World {
	w := &World{cfg: cfg, clock: clock, kv: NewKV(), queue: NewRangeQueue(cfg.EtcdConcurrency, clock), origin: time.Now()}
	for i := range cfg.Objects {
		w.kv.Put(script.PodKey(i))
	}
	w.kv.log = nil
	return w
}

// Start makes now the script's t=0 and turns the world's costs on.
func (w *World) Start() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.origin = time.Now()
	w.started = true
	if w.stream != nil {
		w.stream.restart()
	}
}

// Now is virtual ns since the script's start.
func (w *World) Now() int64 { return int64(time.Since(w.origin)) }

// At is the clock time of the script's instant ns.
func (w *World) At(ns int64) time.Time { return w.origin.Add(time.Duration(ns)) }

// Config is the script's world.
func (w *World) Config() script.World { return w.cfg }

// Rev is etcd's current revision.
func (w *World) Rev() int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.kv.Rev()
}

// CompactRevision is the revision etcd last compacted to (0: never).
func (w *World) CompactRevision() int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.kv.Compacted()
}

// ServiceNs is one range's service time: etcdLatencyNs + objects × etcdNsPerObject +
// ceil(objects × objectBytes × etcdNsPer2KiB / 2048); without those fields, 0 and 10000 ns.
func (w *World) ServiceNs(objects int64) int64 {
	perObject, per2KiB := w.cfg.EtcdCost()
	return w.cfg.EtcdLatencyNs + objects*perObject + ceilDiv(objects*w.cfg.ObjectBytes*per2KiB, 2048)
}

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// Serve runs one range: it waits FIFO for a slot, calls read at the start of service (so it sees
// the revision current then), holds the slot for the service time of the objects read returns,
// and answers at the end of service. A context cancelled while queued drops the range; cancelled
// in service, the caller is answered at once with the context's error and the slot stays busy
// until the service ends. key orders ranges that join the queue at one instant.
func (w *World) Serve(ctx context.Context, key int64, read func(kv *KV) int64) error {
	w.mu.Lock()
	started := w.started
	w.mu.Unlock()
	if !started {
		w.mu.Lock()
		defer w.mu.Unlock()
		read(w.kv)
		return nil
	}
	if err := w.queue.Acquire(ctx, key); err != nil {
		return err
	}
	w.mu.Lock()
	objects := read(w.kv)
	w.mu.Unlock()
	done := make(chan struct{})
	go func() {
		w.clock.Sleep(vclock.EtcdAnswer, time.Duration(w.ServiceNs(objects)))
		w.queue.Release()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Read runs f on etcd's state with no cost (the harness's own look-ups).
func (w *World) Read(f func(kv *KV)) {
	w.mu.Lock()
	defer w.mu.Unlock()
	f(w.kv)
}
