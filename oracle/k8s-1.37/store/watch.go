package store

import (
	"context"
	"errors"
	"sync"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/apis/example"
	"k8s.io/apiserver/pkg/features"
	"k8s.io/apiserver/pkg/storage"
	utilfeature "k8s.io/apiserver/pkg/util/feature"

	"watchcachelab/oracle/shared/world"
)

// outgoingBufSize is etcd3 watcher.go's result channel size.
const outgoingBufSize = 100

type watcher struct {
	result chan watch.Event
	ctx    context.Context
	cancel context.CancelFunc
	done   sync.WaitGroup
	once   sync.Once
}

func (w *watcher) ResultChan() <-chan watch.Event { return w.result }

func (w *watcher) Stop() {
	w.once.Do(func() {
		w.cancel()
		go func() { w.done.Wait(); close(w.result) }()
	})
}

func (w *watcher) send(ev watch.Event) bool {
	select {
	case w.result <- ev:
		return true
	case <-w.ctx.Done():
		return false
	}
}

// upstream: etcd3 watcher.go areInitialEventsRequired
func initialEventsRequired(rv uint64, opts storage.ListOptions) bool {
	if opts.SendInitialEvents == nil && rv == 0 {
		return true
	}
	return utilfeature.DefaultFeatureGate.Enabled(features.WatchList) && opts.SendInitialEvents != nil && *opts.SendInitialEvents
}

// upstream: etcd3 watcher.go isInitialEventsEndBookmarkRequired
func initialEventsEndBookmarkRequired(opts storage.ListOptions) bool {
	return utilfeature.DefaultFeatureGate.Enabled(features.WatchList) &&
		opts.SendInitialEvents != nil && *opts.SendInitialEvents && opts.Predicate.AllowWatchBookmarks
}

// Watch is the cacher's etcd watch of the pod prefix: the initial list if asked (pages of
// world.PageObjects through etcd's range queue), the initial-events-end bookmark, then the
// world's watch stream from the list's revision.
// upstream: etcd3 watcher.go Watch, startWatching, syncPaginated
func (s *Store) Watch(ctx context.Context, key string, opts storage.ListOptions) (watch.Interface, error) {
	if !opts.Recursive || key != "/pods" && key != world.PodPrefix {
		return nil, errors.New("the oracle's store watches the pod prefix only")
	}
	defer s.record(ctx, "Watch")()
	rv, err := s.versioner.ParseResourceVersion(opts.ResourceVersion)
	if err != nil {
		return nil, err
	}
	w := &watcher{result: make(chan watch.Event, outgoingBufSize)}
	w.ctx, w.cancel = context.WithCancel(ctx)
	s.mu.Lock()
	s.watchers[w] = true
	s.mu.Unlock()
	w.done.Add(1)
	go func() {
		defer w.done.Done()
		defer func() {
			s.mu.Lock()
			delete(s.watchers, w)
			s.mu.Unlock()
		}()
		s.runWatch(w, int64(rv), initialEventsRequired(rv, opts), initialEventsEndBookmarkRequired(opts))
	}()
	return w, nil
}

func (s *Store) runWatch(w *watcher, rev int64, initial, endBookmark bool) {
	if rev > 0 && initial {
		current, err := s.GetCurrentResourceVersion(w.ctx)
		if err != nil {
			return
		}
		if uint64(rev) > current {
			s.sendError(w, storage.NewTooLargeResourceVersionError(uint64(rev), current, 1))
			return
		}
	}
	if initial {
		listRev, err := s.syncPaginated(w)
		if err != nil {
			s.sendError(w, err)
			return
		}
		rev = listRev
	}
	if endBookmark && !w.send(watch.Event{Type: watch.Bookmark, Object: withDecodeTime(s.bookmark(rev, true), time.Now())}) {
		return
	}
	stream, err := s.world.OpenWatch(rev, func(item world.StreamItem) bool { return s.deliver(w, item) })
	if err != nil {
		s.sendError(w, apierrors.NewResourceExpired(watchExpired))
		return
	}
	<-w.ctx.Done()
	s.world.Release(stream)
}

// syncPaginated sends the current state as ADDED events, page by page at one revision.
func (s *Store) syncPaginated(w *watcher) (int64, error) {
	start, end := world.PodPrefix, world.PodRangeEnd
	var withRev int64
	for {
		var items []world.Item
		var more bool
		var rangeErr error
		done := s.record(w.ctx, "WatchListPage")
		err := s.world.Serve(w.ctx, queueKey(w.ctx), func(kv *world.KV) int64 {
			var rev int64
			items, more, rev, rangeErr = kv.Range(start, end, withRev, world.PageObjects)
			if withRev == 0 {
				withRev = rev
			}
			return int64(len(items))
		})
		done()
		if err != nil {
			return 0, err
		}
		if rangeErr != nil {
			return 0, apierrors.NewResourceExpired(listExpired)
		}
		for _, it := range items {
			if !w.send(watch.Event{Type: watch.Added, Object: s.pod(it.Key, it.ModRev)}) {
				return 0, w.ctx.Err()
			}
		}
		if !more {
			return withRev, nil
		}
		start = items[len(items)-1].Key + "\x00"
	}
}

func (s *Store) bookmark(rev int64, initialEventsEnd bool) runtime.Object {
	p := &example.Pod{}
	_ = s.versioner.UpdateObject(p, uint64(rev))
	if initialEventsEnd {
		_ = storage.AnnotateInitialEventsEndBookmark(p)
	}
	return p
}

// upstream: etcd3 watcher.go transform, sendError
func (s *Store) deliver(w *watcher, item world.StreamItem) bool {
	var ev watch.Event
	switch item.Kind {
	case world.ItemError:
		s.sendError(w, apierrors.NewResourceExpired(watchExpired))
		return false
	case world.ItemBookmark:
		ev = watch.Event{Type: watch.Bookmark, Object: s.bookmark(item.Rev, false)}
	default:
		c := item.Change
		ev = watch.Event{Type: watch.Modified, Object: s.pod(c.Key, c.Rev)}
		if c.Created {
			ev.Type = watch.Added
		}
	}
	if item.Timed {
		ev.Object = withDecodeTime(ev.Object, s.world.At(item.DecodedNs))
	}
	return w.send(ev)
}

func (s *Store) sendError(w *watcher, err error) {
	var status apierrors.APIStatus
	if !errors.As(err, &status) {
		status = apierrors.NewInternalError(err)
	}
	st := status.Status()
	w.send(watch.Event{Type: watch.Error, Object: &metav1.Status{Status: st.Status, Code: st.Code, Reason: st.Reason, Message: st.Message, Details: st.Details}})
	w.cancel()
}
