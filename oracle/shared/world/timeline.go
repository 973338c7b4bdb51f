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
		// upstream: etcd3 compact.go Compact writes compact_rev_key before it compacts
		before := w.kv.Rev()
		w.kv.Bump()
		w.compactLocked(before)
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

// CompactTick is the periodic compaction as the apiserver's compactor does it: it writes its
// marker key (a revision with no pod event), then compacts to the revision etcd had just after
// the previous tick's marker (the first tick: the revision at t=0), and returns the revision
// just after this tick's marker for the next.
// upstream: etcd3 compact.go runCompactLoop, Compact
func (w *World) CompactTick(prevTickRev int64) int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.kv.Bump()
	w.compactLocked(prevTickRev)
	return w.kv.Rev()
}

// compactLocked compacts to rev. The watch stream is a cursor into etcd's log, not a copy of
// it: if the next change it has still to hand over is older than rev, etcd cancels the watch
// with ErrCompacted, which the cacher sees as a 410 (docs/oracle-script.md).
// etcd: server/storage/mvcc watcher_group.go chooseAll cancels a watcher whose minRev < compactRev
func (w *World) compactLocked(rev int64) {
	if w.stream != nil && w.stream.behind(rev) {
		w.stream.Fail(ErrCompacted)
	}
	w.kv.Compact(rev)
}
