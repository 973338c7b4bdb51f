// Package store is the storage.Interface of k8s.io/apiserver 1.37 over the oracle's world: the
// one part of the harness that changes with the Kubernetes minor.
package store

import (
	"context"
	"sync"
)

// Calls records the storage calls one request caused, in order, and when the last one ended.
type Calls struct {
	mu        sync.Mutex
	names     []string
	atNs      []int64
	lastEndNs int64
}

type callsKey struct{}

// WithCalls marks ctx as one client request's: storage calls under it are recorded in c.
func WithCalls(ctx context.Context, c *Calls) context.Context {
	return context.WithValue(ctx, callsKey{}, c)
}

func (c *Calls) begin(name string, nowNs int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.names = append(c.names, name)
	c.atNs = append(c.atNs, nowNs)
}

func (c *Calls) end(nowNs int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lastEndNs = nowNs
}

// Names are the calls in order.
func (c *Calls) Names() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string{}, c.names...)
}

// Times are the instants the calls began, in order.
func (c *Calls) Times() []int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]int64{}, c.atNs...)
}

// LastEndNs is when the last call returned.
func (c *Calls) LastEndNs() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lastEndNs
}

// record attributes a call to the request in ctx, or to the cacher's own background calls.
func (s *Store) record(ctx context.Context, name string) func() {
	c, ok := ctx.Value(callsKey{}).(*Calls)
	if !ok {
		c = s.Background
	}
	c.begin(name, s.world.Now())
	return func() { c.end(s.world.Now()) }
}

// Reset forgets the calls so far (the cacher's initialisation before the script's t=0).
func (c *Calls) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.names, c.atNs, c.lastEndNs = nil, nil, 0
}
