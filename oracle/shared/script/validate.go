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
	if w.ObjectBytes < 0 || w.EtcdLatencyNs < 0 || w.LagNs < 0 || w.ProcessRate < 0 || w.CompactionIntervalNs < 0 {
		bad("world.objectBytes, etcdLatencyNs, lagNs, processRate and compactionIntervalNs must be 0 or more")
	}
	if perObject, per2KiB := w.EtcdCost(); perObject < 0 || per2KiB < 0 {
		bad("world.etcdNsPerObject and etcdNsPer2KiB must be 0 or more")
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
		if e.AtNs < last || e.AtNs > s.World.DurationNs {
			bad("timeline[%d] at %d ns is before the previous event or after durationNs; events are ordered", i, e.AtNs)
		}
		last = e.AtNs
		switch e.Op {
		case OpWrite:
			if e.Pod == nil || *e.Pod < 0 {
				bad("timeline[%d] write needs \"pod\" ≥ 0", i)
			}
		case OpOtherWrite, OpCompact, OpRestart:
		default:
			bad("timeline[%d] op %q is unknown; allowed: write, otherWrite, compact, restart", i, e.Op)
		}
	}
}

func (s *Script) validateRequests(bad func(string, ...any)) {
	seen := map[string]bool{}
	last := int64(-1)
	for i, r := range s.Requests {
		if r.ID == "" || seen[r.ID] {
			bad("requests[%d] id %q is empty or repeated; ids are unique", i, r.ID)
		}
		seen[r.ID] = true
		if r.AtNs < last || r.AtNs > s.World.DurationNs {
			bad("request %s at %d ns is before the previous request or after durationNs; requests are ordered", r.ID, r.AtNs)
		}
		last = r.AtNs
		switch r.Verb {
		case VerbList:
			if r.Limit < 0 {
				bad("request %s limit is %d; 0 (no limit) or more", r.ID, r.Limit)
			}
		case VerbGet:
			if r.Pod == nil || *r.Pod < 0 {
				bad("request %s is a get and needs \"pod\" ≥ 0", r.ID)
			}
		case VerbWatch:
			if r.UntilNs <= r.AtNs {
				bad("request %s is a watch and needs untilNs after atNs", r.ID)
			}
		default:
			bad("request %s verb %q is unknown; allowed: list, get, watch", r.ID, r.Verb)
		}
		switch r.RVM {
		case "", "Exact", "NotOlderThan":
		default:
			bad("request %s rvm %q is unknown; allowed: \"\", \"Exact\", \"NotOlderThan\"", r.ID, r.RVM)
		}
	}
}
