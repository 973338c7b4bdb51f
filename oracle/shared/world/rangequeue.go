package world

import (
	"context"
	"sync"

	"watchcachelab/oracle/shared/vclock"
)

// RangeQueue is etcd's range slots: requests wait FIFO for one of etcdConcurrency slots.
type RangeQueue struct {
	clock   *vclock.Clock
	mu      sync.Mutex
	free    int
	waiters []chan struct{}
}

func NewRangeQueue(slots int, clock *vclock.Clock) *RangeQueue {
	return &RangeQueue{free: slots, clock: clock}
}

// Acquire takes a slot, waiting in line; a cancelled context leaves the line (the handler's
// context ends, so a range still queued is dropped). Ranges that come at one instant join the
// line in the order of key (their requests' arrival), not in the order their goroutines ran.
func (q *RangeQueue) Acquire(ctx context.Context, key int64) error {
	join := q.clock.NewKeyedTimer(vclock.QueueJoin, 0, key)
	select {
	case <-join.C():
	case <-ctx.Done():
		join.Stop()
		return ctx.Err()
	}
	q.mu.Lock()
	if q.free > 0 && len(q.waiters) == 0 {
		q.free--
		q.mu.Unlock()
		return nil
	}
	turn := make(chan struct{})
	q.waiters = append(q.waiters, turn)
	q.mu.Unlock()
	select {
	case <-turn:
		return nil
	case <-ctx.Done():
		q.mu.Lock()
		defer q.mu.Unlock()
		for i, w := range q.waiters {
			if w == turn {
				q.waiters = append(q.waiters[:i], q.waiters[i+1:]...)
				return ctx.Err()
			}
		}
		// The slot was handed over at the same instant: pass it on.
		q.releaseLocked()
		return ctx.Err()
	}
}

// Release hands the slot to the first in line, or frees it.
func (q *RangeQueue) Release() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.releaseLocked()
}

func (q *RangeQueue) releaseLocked() {
	if len(q.waiters) > 0 {
		close(q.waiters[0])
		q.waiters = q.waiters[1:]
		return
	}
	q.free++
}

// queued is how many ranges wait for a slot.
func (q *RangeQueue) queued() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.waiters)
}
