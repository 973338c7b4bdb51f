package world

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"watchcachelab/oracle/shared/runner"
	"watchcachelab/oracle/shared/script"
	"watchcachelab/oracle/shared/vclock"
)

const ms = int64(time.Millisecond)

// started is a world at its t=0, and a function that drives its virtual clock up to an instant.
func started(cfg script.World) (*World, func(ns int64)) {
	clock := vclock.New()
	w := New(cfg, clock)
	w.Start()
	d := &runner.Driver{Clock: clock, Now: w.Now}
	return w, func(ns int64) { d.RunUntil(ns, nil, nil) }
}

func TestTheStreamDelaysByLagHoldsStallsAndKeepsOrder(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w, runTo := started(script.World{Objects: 1, EtcdConcurrency: 1, LagNs: 20 * ms, Stalls: [][2]int64{{30 * ms, 100 * ms}}})
		var handed []int64
		stream, err := w.OpenWatch(w.Rev(), func(StreamItem) bool { handed = append(handed, w.Now()); return true })
		if err != nil {
			t.Fatal(err)
		}
		defer w.Release(stream)
		for _, at := range []int64{0, 5 * ms, 40 * ms, 150 * ms} {
			runTo(at)
			w.Apply(script.Event{Op: script.OpWrite, Pod: new(int)})
		}
		runTo(w.Now() + int64(time.Second))
		want := []int64{20 * ms, 25 * ms, 100 * ms, 170 * ms} // the third is due inside the stall
		if len(handed) != len(want) {
			t.Fatalf("handed at %v; want %v", handed, want)
		}
		for i := range want {
			if handed[i] != want[i] {
				t.Fatalf("handed at %v; want %v", handed, want)
			}
		}
	})
}

func TestProcessRateSpacesTheItemsHandedToTheCacher(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w, runTo := started(script.World{Objects: 1, EtcdConcurrency: 1, LagNs: 10 * ms, ProcessRate: 3})
		var handed []int64
		stream, err := w.OpenWatch(w.Rev(), func(StreamItem) bool { handed = append(handed, w.Now()); return true })
		if err != nil {
			t.Fatal(err)
		}
		defer w.Release(stream)
		w.Apply(script.Event{Op: script.OpWrite, Pod: new(int)})
		w.Apply(script.Event{Op: script.OpWrite, Pod: new(int)})
		runTo(w.Now() + int64(time.Second))
		// 1e9 / 3 rounds up to 333 333 334 ns between items.
		if len(handed) != 2 || handed[0] != 10*ms || handed[1] != 10*ms+333_333_334 {
			t.Fatalf("handed at %v; want [10 ms, 10 ms + 333 333 334 ns]", handed)
		}
	})
}

func TestAProgressBookmarkQueuesBehindTheItemsInFlight(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w, runTo := started(script.World{Objects: 1, EtcdConcurrency: 1, EtcdLatencyNs: 2 * ms, LagNs: 50 * ms})
		var got []StreamItem
		var at []int64
		stream, err := w.OpenWatch(w.Rev(), func(it StreamItem) bool { got, at = append(got, it), append(at, w.Now()); return true })
		if err != nil {
			t.Fatal(err)
		}
		defer w.Release(stream)
		w.Apply(script.Event{Op: script.OpWrite, Pod: new(int)})
		w.Apply(script.Event{Op: script.OpOtherWrite})
		w.RequestProgress(context.Background())
		runTo(w.Now() + int64(time.Second))
		if len(got) != 2 || got[0].Kind != ItemChange || got[1].Kind != ItemBookmark || got[1].Rev != 4 || at[1] != 52*ms {
			t.Fatalf("got %+v at %v; want the write, then a bookmark at revision 4 sent at 2 ms arriving at 52 ms", got, at)
		}
	})
}

func TestRangesQueueFIFOForTheSlotsAndReadAtServiceStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w, runTo := started(script.World{Objects: 3, EtcdConcurrency: 1, EtcdLatencyNs: 2 * ms, ObjectBytes: 2048})
		revs := make([]int64, 2)
		done := make([]int64, 2)
		for i := range 2 {
			go func() {
				_ = w.Serve(context.Background(), int64(i), func(kv *KV) int64 { revs[i] = kv.Rev(); return 100 })
				done[i] = w.Now()
			}()
			synctest.Wait()
		}
		runTo(w.Now() + ms)
		w.Apply(script.Event{Op: script.OpOtherWrite}) // during the first range's service
		runTo(w.Now() + int64(time.Second))
		// Each range: 2 ms + 100 objects × 10 µs = 3 ms; the second waits for the first.
		if done[0] != 3*ms || done[1] != 6*ms || revs[0] != 4 || revs[1] != 5 {
			t.Fatalf("done at %v reading revisions %v; want [3 ms, 6 ms] reading [4, 5]", done, revs)
		}
	})
}

func TestARangeCancelledWhileQueuedLeavesTheQueue(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w, runTo := started(script.World{Objects: 1, EtcdConcurrency: 1, EtcdLatencyNs: 10 * ms})
		go func() { _ = w.Serve(context.Background(), 0, func(*KV) int64 { return 0 }) }()
		runTo(0)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
		defer cancel()
		var err error
		var queued int
		var endedNs int64
		go func() {
			err = w.Serve(ctx, 1, func(*KV) int64 { t.Error("a cancelled range was served"); return 0 })
			endedNs, queued = w.Now(), w.queue.queued()
		}()
		runTo(w.Now() + int64(time.Second))
		if err == nil || endedNs != 5*ms || queued != 0 {
			t.Fatalf("err %v at %d ns with %d queued; want the deadline's error at 5 ms and an empty queue", err, endedNs, queued)
		}
	})
}

func TestAnItemIsDecodedWhenTheOneDecodeDepthPlacesAheadIsTakenIn(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w, runTo := started(script.World{Objects: 1, EtcdConcurrency: 1, LagNs: 10 * ms, ProcessRate: 100})
		var decoded []int64
		stream, err := w.OpenWatch(w.Rev(), func(it StreamItem) bool { decoded = append(decoded, it.DecodedNs); return true })
		if err != nil {
			t.Fatal(err)
		}
		defer w.Release(stream)
		for range decodeDepth + 2 {
			w.Apply(script.Event{Op: script.OpWrite, Pod: new(int)})
		}
		runTo(w.Now() + int64(10*time.Second))
		// All arrive at 10 ms; the cacher takes one per 10 ms, the first at 10 ms. Item
		// decodeDepth+1 waits for item 1 to be taken in (10 ms), item decodeDepth+2 for item 2 (20 ms).
		if decodeDepth != 212 || len(decoded) != decodeDepth+2 || decoded[decodeDepth-1] != 10*ms || decoded[decodeDepth] != 10*ms || decoded[decodeDepth+1] != 20*ms {
			t.Fatalf("depth %d, decoded at …%v; want 212, the last two at 10 ms and 20 ms", decodeDepth, decoded[decodeDepth-1:])
		}
	})
}

func TestACompactionWritesTheCompactorsMarkerFirst(t *testing.T) {
	w := New(script.World{Objects: 2, EtcdConcurrency: 1}, vclock.New()) // revision 3
	w.Apply(script.Event{Op: script.OpCompact})
	if w.Rev() != 4 || w.CompactRevision() != 3 {
		t.Fatalf("after a timeline compact: revision %d, compacted to %d; want 4 (the marker) and 3", w.Rev(), w.CompactRevision())
	}
	next := w.CompactTick(w.Rev()) // a periodic tick after a previous one at revision 4
	if w.Rev() != 5 || w.CompactRevision() != 4 || next != 5 {
		t.Fatalf("after a tick: revision %d, compacted to %d, next %d; want 5, 4, 5", w.Rev(), w.CompactRevision(), next)
	}
}

// watching is a started world with the cacher's watch open from its revision, and what it hands over.
func watching(t *testing.T, lagNs int64) (*World, func(ns int64), *[]StreamItem) {
	w, runTo := started(script.World{Objects: 1, EtcdConcurrency: 1, LagNs: lagNs})
	got := &[]StreamItem{}
	stream, err := w.OpenWatch(w.Rev(), func(it StreamItem) bool { *got = append(*got, it); return true })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Release(stream) })
	return w, runTo, got
}

func TestACompactionOvertakingTheStreamsBacklogFailsTheWatch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w, runTo, got := watching(t, 50*ms)
		w.Apply(script.Event{Op: script.OpWrite, Pod: new(int)}) // revision 3, due at 50 ms
		runTo(10 * ms)
		w.Apply(script.Event{Op: script.OpCompact}) // marker at 4, compacts to 3: 3 is still kept
		runTo(20 * ms)
		w.Apply(script.Event{Op: script.OpWrite, Pod: new(int)}) // revision 5
		runTo(30 * ms)
		w.Apply(script.Event{Op: script.OpCompact}) // compacts to 5: revision 3 not yet handed over
		runTo(w.Now() + int64(time.Second))
		if len(*got) != 1 || (*got)[0].Kind != ItemError || (*got)[0].Err != ErrCompacted {
			t.Fatalf("handed %+v; want only the ErrCompacted error", *got)
		}
	})
}

func TestACompactionBehindTheStreamLeavesTheWatchOpen(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w, runTo, got := watching(t, 5*ms)
		w.Apply(script.Event{Op: script.OpWrite, Pod: new(int)}) // revision 3, handed at 5 ms
		runTo(10 * ms)
		w.Apply(script.Event{Op: script.OpCompact})
		w.CompactTick(w.Rev())
		runTo(20 * ms)
		w.Apply(script.Event{Op: script.OpWrite, Pod: new(int)})
		runTo(w.Now() + int64(time.Second))
		if len(*got) != 2 || (*got)[0].Kind != ItemChange || (*got)[1].Kind != ItemChange {
			t.Fatalf("handed %+v; want the two changes", *got)
		}
	})
}

func TestServiceTimeKeepsTheOldFormulaWithoutCostFieldsAndAddsThemWhenSet(t *testing.T) {
	old := New(script.World{Objects: 1, EtcdConcurrency: 1, EtcdLatencyNs: 2 * ms, ObjectBytes: 1000}, vclock.New())
	// 2 ms + ceil(10000 × 3 × 1000 / 2048) = 2 ms + 14649 ns.
	if got := old.ServiceNs(3); got != 2*ms+14649 {
		t.Fatalf("without cost fields: %d ns; want %d", got, 2*ms+14649)
	}
	perObject, per2KiB := int64(1580), int64(9200)
	fitted := New(script.World{Objects: 1, EtcdConcurrency: 1, EtcdLatencyNs: 2 * ms, ObjectBytes: 1000,
		EtcdNsPerObject: &perObject, EtcdNsPer2KiB: &per2KiB}, vclock.New())
	// 2 ms + 3 × 1580 + ceil(3 × 1000 × 9200 / 2048) = 2 ms + 4740 + 13477 ns.
	if got := fitted.ServiceNs(3); got != 2*ms+4740+13477 {
		t.Fatalf("with cost fields: %d ns; want %d", got, 2*ms+4740+13477)
	}
}
