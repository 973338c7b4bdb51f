package world

import (
	"errors"

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

// CompactTick is the periodic compaction: etcd compacts to the revision it had at the previous
// tick, as the apiserver's compactor does; it returns this tick's revision for the next one.
func (w *World) CompactTick(prevTickRev int64) int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.kv.Compact(prevTickRev)
	return w.kv.Rev()
}
