// Package store is the storage.Interface of k8s.io/apiserver 1.37 over the oracle's world: the
// one part of the harness that changes with the Kubernetes minor.
package store

import (
	"context"
	"sync"

	"watchcachelab/oracle/shared/outcome"
)

// Calls records the storage calls one request caused, in order, with their instants.
type Calls struct {
	mu    sync.Mutex
	calls []outcome.Call
}

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

// record attributes a call to the request in ctx, or to the cacher's own background calls.
func (s *Store) record(ctx context.Context, name string) func() {
	c, ok := ctx.Value(callsKey{}).(*Calls)
	if !ok {
		c = s.Background
	}
	i := c.begin(name, s.world.Now())
	return func() { c.end(i, s.world.Now()) }
}
