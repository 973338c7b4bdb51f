package run

import (
	"context"
	"sync"
	"testing"
	"time"

	"k8s.io/apiserver/pkg/storage/cacher"
	cachermetrics "k8s.io/apiserver/pkg/storage/cacher/metrics"
	"k8s.io/component-base/metrics/legacyregistry"

	"watchcachelab/oracle/k8s-1.37/store"
	"watchcachelab/oracle/shared/outcome"
	"watchcachelab/oracle/shared/runner"
	"watchcachelab/oracle/shared/script"
	"watchcachelab/oracle/shared/vclock"
	"watchcachelab/oracle/shared/world"
)

// Side names this harness in outcomes: the k8s.io/apiserver the binary was built with.
// oracle/run.sh sets it at link time from the module's go.mod (`go list -m`), since a test
// binary carries no module list to read it from; 1.37's module pins v0.37.2, an older minor's
// module builds these packages against its own release.
var Side = "k8s.io/apiserver@unknown"

// drain is the virtual time the harness waits after stopping the cacher for its goroutines to end.
const drain = 10 * time.Minute

type harness struct {
	sc        *script.Script
	world     *world.World
	delegator *cacher.CacheDelegator
	root      context.Context

	mu    sync.Mutex
	pages map[string][]*page // by request id: the request, then its pager's next pages
}

// page is one request sent: its answer so far and the storage calls it caused.
type page struct {
	rec   outcome.Request
	calls *store.Calls
}

// Script runs sc once. Call it inside a synctest bubble (synctest.Test): every goroutine the
// cacher starts then runs on the bubble's virtual clock, and synctest.Wait is an exact "all
// blocked" point between the script's steps.
func Script(t *testing.T, sc *script.Script) (*outcome.Outcome, error) {
	if err := setGates(t, sc.Gates); err != nil {
		return nil, err
	}
	prepareBubble()
	cachermetrics.Register()
	legacyregistry.Reset()
	clk := vclock.New()
	w := world.New(sc.World, clk)
	st := store.New(w)
	c, d, err := newCacher(st, clk)
	if err != nil {
		return nil, err
	}
	driver := &runner.Driver{Clock: clk, Now: w.Now}
	root, cancel := context.WithCancel(context.Background())
	defer func() {
		cancel()
		d.Stop()
		c.Stop()
		st.Close()
		// The bubble may end only when every goroutine has: let the last timers (a waiter's
		// blockTimeout, a range still in service) run out on virtual time.
		driver.RunUntil(w.Now()+int64(drain), nil, nil)
	}()
	driver.RunUntil(int64(settle), nil, nil)
	if err := checkReady(c, w); err != nil {
		return nil, err
	}
	w.Start()
	st.Background.Reset()

	h := &harness{sc: sc, world: w, delegator: d, root: root, pages: map[string][]*page{}}
	h.drive(driver, runner.Steps(sc))
	out := &outcome.Outcome{Format: outcome.Format, Script: sc.Name, Side: Side}
	out.Requests = h.collect()
	out.BackgroundCalls = st.Background.List()
	out.Metrics, err = metricsText()
	return out, err
}

// drive performs the script's steps at their instants, in order, up to durationNs.
func (h *harness) drive(driver *runner.Driver, steps []runner.Step) {
	prevTickRev := h.world.Rev() // the first periodic compaction compacts to the revision at t=0
	driver.RunUntil(h.sc.World.DurationNs, steps, func(s runner.Step) {
		switch {
		case s.Periodic:
			prevTickRev = h.world.CompactTick(prevTickRev)
		case s.Event != nil:
			h.world.Apply(*s.Event)
		default:
			go h.serve(*s.Request)
		}
	})
}

// collect is every page sent, in the script's order of requests, each pager's pages in order.
func (h *harness) collect() []outcome.Request {
	h.mu.Lock()
	defer h.mu.Unlock()
	var all []outcome.Request
	for _, r := range h.sc.Requests {
		for _, p := range h.pages[r.ID] {
			rec := p.rec
			rec.StorageCalls = p.calls.List()
			all = append(all, rec)
		}
	}
	return all
}
