package run

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"k8s.io/apiserver/pkg/storage/cacher"
	cachermetrics "k8s.io/apiserver/pkg/storage/cacher/metrics"
	"k8s.io/component-base/metrics/legacyregistry"

	"watchcachelab/oracle/k8s-1.37/store"
	"watchcachelab/oracle/shared/outcome"
	"watchcachelab/oracle/shared/script"
	"watchcachelab/oracle/shared/world"
)

// Side names this harness in outcomes.
const Side = "k8s.io/apiserver@v0.37.2"

// drain is the virtual time the harness waits after stopping the cacher for its goroutines to end.
const drain = 10 * time.Minute

type harness struct {
	sc        *script.Script
	world     *world.World
	store     *store.Store
	cacher    *cacher.Cacher
	delegator *cacher.CacheDelegator
	root      context.Context

	mu       sync.Mutex
	answers  map[string]*outcome.Request
	calls    map[string]*store.Calls
	answered map[string]chan struct{}
}

// Script runs sc once. Call it inside a synctest bubble (synctest.Test): every goroutine the
// cacher starts then runs on the bubble's virtual clock.
func Script(t *testing.T, sc *script.Script) (*outcome.Outcome, error) {
	if err := setGates(t, sc.Gates); err != nil {
		return nil, err
	}
	cachermetrics.Register()
	legacyregistry.Reset()
	w := world.New(sc.World)
	st := store.New(w)
	c, d, err := newCacher(st)
	if err != nil {
		return nil, err
	}
	root, cancel := context.WithCancel(context.Background())
	defer func() {
		cancel()
		d.Stop()
		c.Stop()
		st.Close()
		// The bubble may end only when every goroutine has: let the last timers (a waiter's
		// blockTimeout, a range still in service) run out on virtual time.
		time.Sleep(drain)
	}()
	synctest.Wait()
	if err := waitReady(c, w); err != nil {
		return nil, err
	}
	time.Sleep(settle)
	synctest.Wait()
	w.Start()
	st.Background.Reset()

	h := &harness{sc: sc, world: w, store: st, cacher: c, delegator: d, root: root,
		answers: map[string]*outcome.Request{}, calls: map[string]*store.Calls{}, answered: map[string]chan struct{}{}}
	for _, r := range sc.Requests {
		h.answered[r.ID] = make(chan struct{})
	}
	go w.RunTimeline(sc.Timeline)
	for _, r := range sc.Requests {
		go h.schedule(r)
	}
	time.Sleep(time.Duration(sc.World.DurationNs - w.Now()))
	synctest.Wait()
	out := &outcome.Outcome{Format: outcome.Format, Script: sc.Name, Side: Side}
	out.Requests = h.collect()
	out.BackgroundCalls = backgroundCalls(st.Background)
	out.Metrics, err = metricsText()
	return out, err
}

// schedule sends r at its instant, or when the request it is after has answered.
func (h *harness) schedule(r script.Request) {
	if r.AtNs != nil {
		time.Sleep(time.Duration(*r.AtNs - h.world.Now()))
	} else {
		select {
		case <-h.answered[r.After]:
		case <-h.root.Done():
			return
		}
	}
	h.serve(r)
}

func (h *harness) collect() []outcome.Request {
	h.mu.Lock()
	defer h.mu.Unlock()
	var all []outcome.Request
	for _, r := range h.sc.Requests {
		a, ok := h.answers[r.ID]
		if !ok {
			a = &outcome.Request{ID: r.ID, Outcome: "open", StorageCalls: []string{}}
		}
		if c, ok := h.calls[r.ID]; ok {
			a.StorageCalls = c.Names()
		}
		all = append(all, *a)
	}
	return all
}

func backgroundCalls(c *store.Calls) []outcome.Call {
	names, times := c.Names(), c.Times()
	calls := make([]outcome.Call, len(names))
	for i := range names {
		calls[i] = outcome.Call{AtNs: times[i], Call: names[i]}
	}
	return calls
}
