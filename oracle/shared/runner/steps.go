package runner

import (
	"sort"

	"watchcachelab/oracle/shared/script"
)

// Phase orders what happens at one instant (docs/oracle-script.md "Time"): compactions and
// restarts, then (after the world's own work due then) writes, then requests.
type Phase int

const (
	PhaseCompaction Phase = iota // periodic compaction ticks, then the timeline's compacts and restarts
	PhaseWrite
	PhaseRequest
)

// Step is one scripted thing to do at an instant.
type Step struct {
	AtNs     int64
	Phase    Phase
	Periodic bool // a periodic compaction tick (Event and Request are nil)
	Event    *script.Event
	Request  *script.Request
	rank     int
	index    int
}

// RequestKind is the read source a request arrives through, in the order the model fires them
// at one instant: rv0, consistent, notOlderThan, exact (and legacy exact); gets and watches last.
func RequestKind(r *script.Request) int {
	switch {
	case r.Verb != script.VerbList:
		return 4
	case r.RVM == "NotOlderThan":
		return 2
	case r.RVM == "Exact":
		return 3
	case r.RV == "":
		return 1
	case r.RV == "0":
		return 0
	}
	return 3
}

// Steps is the script's timeline, its periodic compactions and its requests in the order the
// harness performs them.
func Steps(sc *script.Script) []Step {
	var steps []Step
	if iv := sc.World.CompactionIntervalNs; iv > 0 {
		for t := iv; t <= sc.World.DurationNs; t += iv {
			steps = append(steps, Step{AtNs: t, Phase: PhaseCompaction, Periodic: true, rank: -1})
		}
	}
	for i := range sc.Timeline {
		e := &sc.Timeline[i]
		phase := PhaseWrite
		if e.Op == script.OpCompact || e.Op == script.OpRestart {
			phase = PhaseCompaction
		}
		steps = append(steps, Step{AtNs: e.AtNs, Phase: phase, Event: e, index: i})
	}
	for i := range sc.Requests {
		r := &sc.Requests[i]
		steps = append(steps, Step{AtNs: r.AtNs, Phase: PhaseRequest, Request: r, rank: RequestKind(r), index: i})
	}
	sort.SliceStable(steps, func(i, j int) bool {
		a, b := steps[i], steps[j]
		if a.AtNs != b.AtNs {
			return a.AtNs < b.AtNs
		}
		if a.Phase != b.Phase {
			return a.Phase < b.Phase
		}
		if a.rank != b.rank {
			return a.rank < b.rank
		}
		return a.index < b.index
	})
	return steps
}
