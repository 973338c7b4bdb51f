// Package world is the etcd and watch stream the oracle harness puts under the real cacher: the
// world rules of docs/fidelity.md and docs/oracle-script.md, with no Kubernetes types, so the
// per-minor adapters share one implementation and the model's rules live in one place.
package world

import (
	"errors"
	"sort"
)

// ErrCompacted is etcd's answer for a read below the compacted revision.
var ErrCompacted = errors.New("mvcc: required revision has been compacted")

// ErrFutureRev is etcd's answer for a read above the current revision.
var ErrFutureRev = errors.New("mvcc: required revision is a future revision")

type version struct {
	modRev int64
}

// KV is etcd's multi-version key space: every key's versions since the compacted revision, keys
// kept sorted so a range is a binary search plus a walk (no copy of all bodies per request).
type KV struct {
	rev       int64
	compacted int64
	keys      []string
	versions  map[string][]version
	log       []Change
	live      int64
}

// Change is one committed write to the watched prefix, as etcd's watch sends it. The lab's
// world has no deletes (docs/oracle-script.md), so a change creates or updates a pod.
type Change struct {
	Rev     int64
	Key     string
	Created bool
}

// Item is one key in a range answer.
type Item struct {
	Key    string
	ModRev int64
}

// NewKV starts at revision 1, as etcd does.
func NewKV() *KV { return &KV{rev: 1, versions: map[string][]version{}} }

func (kv *KV) Rev() int64       { return kv.rev }
func (kv *KV) Compacted() int64 { return kv.compacted }

// Pods is how many keys are live now.
func (kv *KV) Pods() int64 { return kv.live }

// Put updates key, creating it if absent, at revision+1.
func (kv *KV) Put(key string) Change {
	kv.rev++
	_, known := kv.versions[key]
	created := !known
	if created {
		kv.live++
		i := sort.SearchStrings(kv.keys, key)
		kv.keys = append(kv.keys, "")
		copy(kv.keys[i+1:], kv.keys[i:])
		kv.keys[i] = key
	}
	kv.versions[key] = append(kv.versions[key], version{modRev: kv.rev})
	c := Change{Rev: kv.rev, Key: key, Created: created}
	kv.log = append(kv.log, c)
	return c
}

// Bump is a write to another resource: a revision with no event on this prefix.
func (kv *KV) Bump() { kv.rev++ }

// Compact drops every version older than rev that a read at rev or later cannot see.
func (kv *KV) Compact(rev int64) {
	if rev <= kv.compacted {
		return
	}
	kv.compacted = rev
	for key, vs := range kv.versions {
		keep := 0
		for i, v := range vs {
			if v.modRev <= rev {
				keep = i
			}
		}
		kv.versions[key] = vs[keep:]
	}
	i := sort.Search(len(kv.log), func(i int) bool { return kv.log[i].Rev > rev })
	kv.log = append([]Change(nil), kv.log[i:]...)
}

// at is the key's version visible at rev, if any.
func (kv *KV) at(key string, rev int64) (version, bool) {
	vs := kv.versions[key]
	i := sort.Search(len(vs), func(i int) bool { return vs[i].modRev > rev })
	if i == 0 {
		return version{}, false
	}
	return vs[i-1], true
}

// Range reads up to limit (0: all) live keys in [start, end) at rev (0: current), in byte order,
// and says whether more remain; the revision it read at is returned too.
func (kv *KV) Range(start, end string, rev, limit int64) ([]Item, bool, int64, error) {
	if rev == 0 {
		rev = kv.rev
	}
	if rev < kv.compacted {
		return nil, false, rev, ErrCompacted
	}
	if rev > kv.rev {
		return nil, false, rev, ErrFutureRev
	}
	var items []Item
	for i := sort.SearchStrings(kv.keys, start); i < len(kv.keys) && kv.keys[i] < end; i++ {
		v, ok := kv.at(kv.keys[i], rev)
		if !ok {
			continue
		}
		if limit > 0 && int64(len(items)) == limit {
			return items, true, rev, nil
		}
		items = append(items, Item{Key: kv.keys[i], ModRev: v.modRev})
	}
	return items, false, rev, nil
}

// ChangesAfter is the watch's catch-up: every change to a pod key with revision > rev.
func (kv *KV) ChangesAfter(rev int64) ([]Change, error) {
	if rev < kv.compacted {
		return nil, ErrCompacted
	}
	i := sort.Search(len(kv.log), func(i int) bool { return kv.log[i].Rev > rev })
	return append([]Change(nil), kv.log[i:]...), nil
}

// Count is how many live keys [start, end) holds at rev (etcd's range count).
func (kv *KV) Count(start, end string, rev int64) int64 {
	var n int64
	for i := sort.SearchStrings(kv.keys, start); i < len(kv.keys) && kv.keys[i] < end; i++ {
		if _, ok := kv.at(kv.keys[i], rev); ok {
			n++
		}
	}
	return n
}
