// Package vclock is a virtual clock whose timers fire one at a time in a fixed order: by instant,
// then by class (what the script format says happens first at one instant), then by creation.
// synctest alone runs goroutines woken at one instant in scheduler order, so two timers due
// together (a waiter's 3 s blockTimeout and the progress requester's 30th 100 ms tick) would
// race; the driver fires them one by one with synctest.Wait between.
package vclock

import (
	"container/heap"
	"sync"
	"time"
)

// Class orders timers due at one instant (docs/oracle-script.md "Time": the world's own work
// due then: deliveries into the cache, etcd's answers, then timers; ranges join etcd's queue last).
type Class int

const (
	Delivery    Class = iota // the watch stream hands an item to the cacher
	EtcdAnswer               // a range's service ends; a progress request reaches etcd
	CacherTimer              // the cacher's own clock: blockTimeout, the progress requester, the compactor poll
	QueueJoin                // a range joins etcd's queue (ordered by its key: the request's arrival)
)

// Clock holds every pending timer of one run.
type Clock struct {
	mu      sync.Mutex
	pending timers
	seq     int64
	wake    chan struct{}
}

func New() *Clock { return &Clock{wake: make(chan struct{}, 1)} }

// Timer is a one-shot (or, with a period, repeating) timer on the virtual clock. Its channel
// holds one tick, as the standard library's timers did before Go 1.23.
type Timer struct {
	clock  *Clock
	class  Class
	when   time.Time
	key    int64
	seq    int64
	period time.Duration
	c      chan time.Time
	index  int // in the heap; -1 when not pending
}

// NewTimer fires after d.
func (c *Clock) NewTimer(class Class, d time.Duration) *Timer { return c.NewKeyedTimer(class, d, 0) }

// NewKeyedTimer fires after d; among timers of its class due at the same instant, lower keys
// fire first.
func (c *Clock) NewKeyedTimer(class Class, d time.Duration, key int64) *Timer {
	t := &Timer{clock: c, class: class, key: key, c: make(chan time.Time, 1), index: -1}
	t.Reset(d)
	return t
}

// NewTicker fires every period.
func (c *Clock) NewTicker(class Class, period time.Duration) *Timer {
	t := &Timer{clock: c, class: class, c: make(chan time.Time, 1), index: -1, period: period}
	t.Reset(period)
	return t
}

// Sleep blocks for d on the virtual clock.
func (c *Clock) Sleep(class Class, d time.Duration) { <-c.NewTimer(class, d).c }

func (t *Timer) C() <-chan time.Time { return t.c }

// Stop unschedules the timer; it reports whether the timer was pending.
func (t *Timer) Stop() bool {
	c := t.clock
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.index < 0 {
		return false
	}
	heap.Remove(&c.pending, t.index)
	return true
}

// Reset reschedules the timer d from now; it reports whether the timer was pending.
func (t *Timer) Reset(d time.Duration) bool {
	c := t.clock
	c.mu.Lock()
	was := t.index >= 0
	if was {
		heap.Remove(&c.pending, t.index)
	}
	c.seq++
	t.when, t.seq = time.Now().Add(d), c.seq
	heap.Push(&c.pending, t)
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
	return was
}

// Next is the instant of the earliest pending timer.
func (c *Clock) Next() (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.pending) == 0 {
		return time.Time{}, false
	}
	return c.pending[0].when, true
}

// Wake is signalled when a timer is (re)scheduled, so a driver asleep until a later instant can
// look again.
func (c *Clock) Wake() <-chan struct{} { return c.wake }

// FireOne fires the first timer due by now, if any, and reports whether it did.
func (c *Clock) FireOne() bool {
	now := time.Now()
	c.mu.Lock()
	if len(c.pending) == 0 || c.pending[0].when.After(now) {
		c.mu.Unlock()
		return false
	}
	t := heap.Pop(&c.pending).(*Timer)
	if t.period > 0 {
		c.seq++
		t.when, t.seq = t.when.Add(t.period), c.seq
		heap.Push(&c.pending, t)
	}
	c.mu.Unlock()
	select {
	case t.c <- now:
	default:
	}
	return true
}

type timers []*Timer

func (h timers) Len() int { return len(h) }
func (h timers) Less(i, j int) bool {
	a, b := h[i], h[j]
	if !a.when.Equal(b.when) {
		return a.when.Before(b.when)
	}
	if a.class != b.class {
		return a.class < b.class
	}
	if a.key != b.key {
		return a.key < b.key
	}
	return a.seq < b.seq
}
func (h timers) Swap(i, j int) { h[i], h[j] = h[j], h[i]; h[i].index = i; h[j].index = j }
func (h *timers) Push(x any)   { t := x.(*Timer); t.index = len(*h); *h = append(*h, t) }
func (h *timers) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h, t.index = old[:len(old)-1], -1
	return t
}
