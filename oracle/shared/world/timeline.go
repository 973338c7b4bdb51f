package world

import (
	"errors"
	"time"

	"watchcachelab/oracle/shared/script"
)

// ErrRestart is the error the cacher's watch ends with at a scripted restart.
var ErrRestart = errors.New("watch stream ended by the script's restart")

// Apply performs one timeline event now.
func (w *World) Apply(e script.Event) {
	w.mu.Lock()
	var change *Change
	switch e.Op {
	case script.OpWrite:
		c := w.kv.Put(script.PodKey(*e.Pod))
		change = &c
	case script.OpDelete:
		if c, ok := w.kv.Delete(script.PodKey(*e.Pod)); ok {
			change = &c
		}
	case script.OpOtherWrite:
		w.kv.Bump()
	case script.OpCompact:
		w.kv.Compact(w.kv.Rev())
	case script.OpRestart:
		if w.stream != nil {
			w.stream.Fail(ErrRestart)
		}
	}
	stream := w.stream
	w.mu.Unlock()
	if change != nil && stream != nil {
		stream.send(StreamItem{Kind: ItemChange, Change: *change}, false)
	}
}

// RunTimeline applies the script's events at their instants, and the periodic compaction
// (every interval, to the revision etcd had at the previous tick, as the apiserver's compactor
// does), until durationNs. It returns when the script's duration has passed.
func (w *World) RunTimeline(events []script.Event) {
	interval := w.cfg.CompactionIntervalNs
	nextCompact := interval
	var prevTickRev int64
	i := 0
	for {
		next := w.cfg.DurationNs
		isCompaction := false
		if i < len(events) && events[i].AtNs < next {
			next = events[i].AtNs
		}
		if interval > 0 && nextCompact < next {
			next, isCompaction = nextCompact, true
		}
		if d := next - w.Now(); d > 0 {
			time.Sleep(time.Duration(d))
		}
		switch {
		case isCompaction:
			w.mu.Lock()
			w.kv.Compact(prevTickRev)
			prevTickRev = w.kv.Rev()
			w.mu.Unlock()
			nextCompact += interval
		case i < len(events) && events[i].AtNs == next:
			w.Apply(events[i])
			i++
		default:
			return
		}
	}
}
