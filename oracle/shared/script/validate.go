package script

import (
	"errors"
	"fmt"
)

// Validate says what is wrong with a script, and what is allowed, in one error per problem.
func (s *Script) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if s.Format != Format {
		bad("format is %q; this harness reads %q", s.Format, Format)
	}
	if s.Name == "" {
		bad("name is empty; every script needs a name unique in its corpus")
	}
	w := s.World
	if w.Objects < 0 {
		bad("world.objects is %d; it must be 0 or more", w.Objects)
	}
	if w.EtcdConcurrency < 1 {
		bad("world.etcdConcurrency is %d; it must be at least 1", w.EtcdConcurrency)
	}
	if w.ObjectBytes < 0 || w.EtcdLatencyNs < 0 || w.LagNs < 0 || w.CompactionIntervalNs < 0 {
		bad("world.objectBytes, etcdLatencyNs, lagNs and compactionIntervalNs must be 0 or more")
	}
	if w.RequestTimeoutNs <= 0 || w.DurationNs <= 0 {
		bad("world.requestTimeoutNs and world.durationNs must be more than 0")
	}
	for i, st := range w.Stalls {
		if st[0] < 0 || st[1] <= st[0] {
			bad("world.stalls[%d] is [%d, %d); a stall needs 0 ≤ start < end", i, st[0], st[1])
		}
	}
	s.validateTimeline(bad)
	s.validateRequests(bad)
	return errors.Join(errs...)
}

func (s *Script) validateTimeline(bad func(string, ...any)) {
	last := int64(-1)
	for i, e := range s.Timeline {
		if e.AtNs <= last {
			bad("timeline[%d] at %d ns is not after the previous event (%d ns); events are ordered with no two at one instant", i, e.AtNs, last)
		}
		last = e.AtNs
		switch e.Op {
		case OpWrite, OpDelete:
			if e.Pod == nil || *e.Pod < 0 {
				bad("timeline[%d] %s needs \"pod\" ≥ 0", i, e.Op)
			}
		case OpOtherWrite, OpCompact, OpRestart:
		default:
			bad("timeline[%d] op %q is unknown; allowed: write, otherWrite, delete, compact, restart", i, e.Op)
		}
	}
}

func (s *Script) validateRequests(bad func(string, ...any)) {
	seen := map[string]bool{}
	instants := map[int64]string{}
	for _, e := range s.Timeline {
		instants[e.AtNs] = "timeline event"
	}
	for i, r := range s.Requests {
		if r.ID == "" || seen[r.ID] {
			bad("requests[%d] id %q is empty or repeated; ids are unique", i, r.ID)
		}
		switch {
		case r.AtNs == nil && r.After == "":
			bad("request %s has neither atNs nor after", r.ID)
		case r.AtNs != nil && r.After != "":
			bad("request %s has both atNs and after; give one", r.ID)
		case r.After != "" && !seen[r.After]:
			bad("request %s is after %q, which is not an earlier request", r.ID, r.After)
		case r.AtNs != nil:
			if other, clash := instants[*r.AtNs]; clash {
				bad("request %s at %d ns shares its instant with a %s; no two at one instant", r.ID, *r.AtNs, other)
			}
			instants[*r.AtNs] = "request"
		}
		if r.ContinueOf != "" && r.ContinueOf != r.After {
			bad("request %s continues %q but is after %q; continueOf must name the request it is after", r.ID, r.ContinueOf, r.After)
		}
		switch r.Verb {
		case VerbList, VerbWatch:
		case VerbGet:
			if r.Pod == nil || *r.Pod < 0 {
				bad("request %s is a get and needs \"pod\" ≥ 0", r.ID)
			}
		default:
			bad("request %s verb %q is unknown; allowed: list, get, watch", r.ID, r.Verb)
		}
		switch r.RVM {
		case "", "Exact", "NotOlderThan":
		default:
			bad("request %s rvm %q is unknown; allowed: \"\", \"Exact\", \"NotOlderThan\"", r.ID, r.RVM)
		}
		seen[r.ID] = true
	}
}
