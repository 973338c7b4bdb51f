// Package store is the storage.Interface of k8s.io/apiserver 1.37 over the oracle's world: the
// one part of the harness that changes with the Kubernetes minor.
package store

import (
	"context"
	"math"
	"sync"

	"watchcachelab/oracle/shared/outcome"
)

// Calls records the storage calls one request caused, in order, with their instants. Key (the
// request's arrival) orders its ranges among others that join etcd's queue at the same instant.
type Calls struct {
	Key   int64
	mu    sync.Mutex
	calls []outcome.Call
}

// backgroundKey puts the cacher's own ranges after the requests' at one instant.
const backgroundKey = math.MaxInt64 / 2

type callsKey struct{}

// WithCalls marks ctx as one client request's: storage calls under it are recorded in c.
func WithCalls(ctx context.Context, c *Calls) context.Context {
	return context.WithValue(ctx, callsKey{}, c)
}

func (c *Calls) begin(name string, nowNs int64) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls = append(c.calls, outcome.Call{Call: name, AtNs: nowNs})
	return len(c.calls) - 1
}

func (c *Calls) end(i int, nowNs int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i < len(c.calls) {
		c.calls[i].DoneNs = &nowNs
	}
}

// List is the calls so far, in order.
func (c *Calls) List() []outcome.Call {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]outcome.Call{}, c.calls...)
}

// Reset forgets the calls so far (the cacher's initialisation before the script's t=0).
func (c *Calls) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls = nil
}

// queueKey is the key of ctx's ranges in etcd's queue.
func queueKey(ctx context.Context) int64 {
	if c, ok := ctx.Value(callsKey{}).(*Calls); ok {
		return c.Key
	}
	return backgroundKey
}

// record attributes a call to the request in ctx, or to the cacher's own background calls.
func (s *Store) record(ctx context.Context, name string) func() {
	c, ok := ctx.Value(callsKey{}).(*Calls)
	if !ok {
		c = s.Background
	}
	i := c.begin(name, s.world.Now())
	return func() { c.end(i, s.world.Now()) }
}
