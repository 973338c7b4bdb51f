package world

import (
	"context"
	"sync"
)

// RangeQueue is etcd's range slots: requests wait FIFO for one of etcdConcurrency slots.
type RangeQueue struct {
	mu      sync.Mutex
	free    int
	waiters []chan struct{}
}

func NewRangeQueue(slots int) *RangeQueue { return &RangeQueue{free: slots} }

// Acquire takes a slot, waiting in line; a cancelled context leaves the line (the handler's
// context ends, so a range still queued is dropped).
func (q *RangeQueue) Acquire(ctx context.Context) error {
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

// Queued is how many ranges wait for a slot.
func (q *RangeQueue) Queued() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.waiters)
}
