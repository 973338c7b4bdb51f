package world

import (
	"context"
	"time"

	"watchcachelab/oracle/shared/vclock"
)

// PageObjects is the page size of the initial list a watch with initial events reads from etcd
// (upstream: etcd3 watcher.go syncPaginated, maxLimit).
const PageObjects = 10000

// OpenWatch starts the etcd watch of the pod prefix from revision startRev (exclusive):
// changes already committed after startRev are sent now (etcd's catch-up), later ones when
// they commit; deliver is called at each item's arrival and returns false once the consumer is
// gone. One watch is open at a time (the cacher's); opening another replaces it.
func (w *World) OpenWatch(startRev int64, deliver func(StreamItem) bool) (*Stream, error) {
	w.mu.Lock()
	backlog, err := w.kv.ChangesAfter(startRev)
	if err != nil {
		w.mu.Unlock()
		return nil, err
	}
	s := &Stream{w: w, wake: make(chan struct{}, 1), deliver: deliver, lastHanded: noneHanded}
	if w.stream != nil {
		w.stream.Close()
	}
	w.stream = s
	w.mu.Unlock()
	for _, c := range backlog {
		s.send(StreamItem{Kind: ItemChange, Change: c}, false)
	}
	go s.run()
	return s, nil
}

// SendLocal queues items the apiserver produced itself (an initial list, its end bookmark)
// before the etcd watch's items; they skip the watch stream's lag.
func (s *Stream) SendLocal(item StreamItem) { s.send(item, true) }

// Release forgets s as the open watch, if it still is.
func (w *World) Release(s *Stream) {
	w.mu.Lock()
	if w.stream == s {
		w.stream = nil
	}
	w.mu.Unlock()
	s.Close()
}

// RequestProgress is etcd's progress request: it reaches etcd after etcdLatencyNs (no slot) and
// etcd answers with a bookmark at its revision then, behind every item already in the stream.
func (w *World) RequestProgress(ctx context.Context) {
	w.mu.Lock()
	s, started := w.stream, w.started
	w.mu.Unlock()
	if s == nil {
		return
	}
	send := func() {
		w.mu.Lock()
		rev, current := w.kv.Rev(), w.stream == s
		w.mu.Unlock()
		if current {
			s.send(StreamItem{Kind: ItemBookmark, Rev: rev}, false)
		}
	}
	if !started {
		send()
		return
	}
	go func() {
		t := w.clock.NewTimer(vclock.EtcdAnswer, time.Duration(w.cfg.EtcdLatencyNs))
		defer t.Stop()
		select {
		case <-t.C():
			send()
		case <-ctx.Done():
		}
	}()
}
