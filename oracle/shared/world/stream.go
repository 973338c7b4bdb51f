package world

import (
	"math"
	"sync"
	"time"

	"watchcachelab/oracle/shared/vclock"
)

// ItemKind is what one watch-stream item carries.
type ItemKind int

const (
	ItemChange ItemKind = iota
	ItemBookmark
	ItemInitialEventsEnd
	ItemError
)

// StreamItem is one item of the watch stream into the apiserver.
type StreamItem struct {
	Kind   ItemKind
	Change Change // ItemChange
	Rev    int64  // bookmarks: the revision they carry
	Err    error  // ItemError
	// DecodedNs is when the apiserver decoded the item (1.37's RecordTime): on arrival, unless
	// decodeDepth decoded items already wait for the cacher, then when the cacher takes the item
	// that many places ahead. Timed is false for items with no decode instant (before t=0).
	DecodedNs int64
	Timed     bool
}

// decodeDepth is how many decoded items can wait for the cacher in 1.37, where
// ConcurrentWatchObjectDecode is on: the watch loop's item just parsed, incomingBufSize (100),
// the scheduler's item, processEventConcurrency-1 (9) queued results, the collector's item and
// outgoingBufSize (100) (upstream: etcd3 watcher.go concurrentProcessEvents; docs/fidelity.md).
const decodeDepth = 212

type queued struct {
	seq      int64
	handedNs int64
	item     StreamItem
}

// Stream is the one FIFO watch stream: item i sent at s arrives at a(i) = max(a(i-1), s+lag),
// an arrival inside a stall [start, end) moves to end, keeping order, and the cacher is handed
// it at p(i) = max(a(i), p(i-1) + ceil(1e9 / processRate)) (processRate 0: p(i) = a(i)).
type Stream struct {
	w           *World
	mu          sync.Mutex
	queue       []queued
	lastArrival int64
	lastHanded  int64
	handed      [decodeDepth]int64 // the last decodeDepth handed instants, by seq
	seq         int64
	failed      *StreamItem
	closed      bool
	wake        chan struct{}
	deliver     func(StreamItem) bool
}

// noneHanded stands for "no item handed yet": the first item is handed at its arrival.
const noneHanded = math.MinInt64 / 4

// restart forgets the instants of items handed before the script's t=0 (they are in the clock
// of before it, and all were handed by then).
func (s *Stream) restart() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastArrival, s.lastHanded = 0, noneHanded
	for i := range s.handed {
		s.handed[i] = noneHanded
	}
}

func (s *Stream) arrival(sentNs int64) int64 {
	a := max(s.lastArrival, sentNs+s.w.cfg.LagNs)
	for _, st := range s.w.cfg.Stalls {
		if a >= st[0] && a < st[1] {
			a = st[1]
		}
	}
	return a
}

// send queues an item sent by etcd now; local items (queued by the apiserver itself, such as an
// initial list's results) skip the lag and stalls but keep the FIFO order.
func (s *Stream) send(item StreamItem, local bool) {
	s.mu.Lock()
	now := s.w.Now()
	a := max(s.lastArrival, now)
	p := max(s.lastHanded, a)
	if !local && s.w.started {
		a = s.arrival(now)
		p = a
		if rate := s.w.cfg.ProcessRate; rate > 0 {
			p = max(a, s.lastHanded+ceilDiv(1_000_000_000, rate))
		}
	}
	if !local && s.w.started {
		item.DecodedNs, item.Timed = a, true
		if s.seq >= decodeDepth {
			item.DecodedNs = max(a, s.handed[(s.seq-decodeDepth+1)%decodeDepth])
		}
	}
	s.lastArrival, s.lastHanded = a, p
	s.seq++
	s.handed[s.seq%decodeDepth] = p
	s.queue = append(s.queue, queued{seq: s.seq, handedNs: p, item: item})
	s.mu.Unlock()
	s.poke()
}

// Fail ends the stream with err at once; items still in flight are lost with the connection.
func (s *Stream) Fail(err error) {
	s.mu.Lock()
	if s.failed == nil && !s.closed {
		s.failed = &StreamItem{Kind: ItemError, Err: err}
		s.queue = nil
	}
	s.mu.Unlock()
	s.poke()
}

// behind reports whether the next change still to be handed over is older than rev.
func (s *Stream) behind(rev int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failed != nil || s.closed {
		return false
	}
	for _, q := range s.queue {
		if q.item.Kind == ItemChange {
			return q.item.Change.Rev < rev
		}
	}
	return false
}

// Close ends delivery (the watcher stopped).
func (s *Stream) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.poke()
}

func (s *Stream) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// run hands items to the cacher at their instants until the stream closes or fails.
func (s *Stream) run() {
	for {
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			return
		}
		if s.failed != nil {
			item := *s.failed
			s.closed = true
			s.mu.Unlock()
			s.deliver(item)
			return
		}
		if len(s.queue) == 0 {
			s.mu.Unlock()
			<-s.wake
			continue
		}
		head := s.queue[0]
		s.mu.Unlock()
		// Every item waits for its turn on the virtual clock, even one due now, so that the
		// cacher takes in one item, and readers it wakes read, before the next is handed over.
		t := s.w.clock.NewTimer(vclock.Delivery, time.Duration(max(0, head.handedNs-s.w.Now())))
		select {
		case <-t.C():
		case <-s.wake:
			t.Stop()
			continue
		}
		if !s.deliver(head.item) {
			s.Close()
			return
		}
		s.mu.Lock()
		if len(s.queue) > 0 && s.queue[0].seq == head.seq {
			s.queue = s.queue[1:]
		}
		s.mu.Unlock()
	}
}
