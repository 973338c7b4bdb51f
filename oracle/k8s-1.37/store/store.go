package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/apis/example"
	"k8s.io/apiserver/pkg/storage"

	"watchcachelab/oracle/shared/world"
)

// Store is etcd3's store as the cacher sees it, played by the world. Writes come from the
// script's timeline, never through this interface.
type Store struct {
	world      *world.World
	versioner  storage.APIObjectVersioner
	Background *Calls

	mu       sync.Mutex
	watchers map[*watcher]bool
}

var _ storage.Interface = (*Store)(nil)

func New(w *world.World) *Store {
	return &Store{world: w, Background: &Calls{}, watchers: map[*watcher]bool{}}
}

// Close stops every watch still open, as closing etcd's client does: a watcher leaked by an
// error path upstream would otherwise outlive the script's bubble.
func (s *Store) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for w := range s.watchers {
		w.Stop()
	}
}

// Messages of etcd3's errors.go interpretListError and interpretWatchError.
const (
	listExpired     = "The resourceVersion for the provided list is too old."
	continueExpired = "The provided continue parameter is too old to display a consistent list result. " +
		"You can start a new list without the continue parameter."
	inconsistentContinue = "The provided continue parameter is too old to display a consistent list result. " +
		"You can start a new list without the continue parameter, or use the continue token in this response to " +
		"retrieve the remainder of the results. Continuing with the provided token results in an inconsistent " +
		"list - objects that were created, modified, or deleted between the time the first chunk was returned " +
		"and now may show up in the list."
	watchExpired = "The resourceVersion for the provided watch is too old."
)

var errReadOnly = errors.New("the oracle's world takes writes from the script's timeline only")

func (s *Store) Versioner() storage.Versioner { return s.versioner }

func (s *Store) pod(key string, rev int64) *example.Pod {
	p := &example.Pod{}
	p.Namespace, p.Name = "default", key[len("/pods/default/"):]
	p.ResourceVersion = strconv.FormatInt(rev, 10)
	return p
}

// GetCurrentResourceVersion is a quorum read of etcd's revision, costed as a range of
// min(1, pods) objects (docs/oracle-script.md).
// upstream: etcd3 store.go GetCurrentResourceVersion
func (s *Store) GetCurrentResourceVersion(ctx context.Context) (uint64, error) {
	defer s.record(ctx, "GetCurrentResourceVersion")()
	var rev int64
	err := s.world.Serve(ctx, queueKey(ctx), func(kv *world.KV) int64 { rev = kv.Rev(); return min(1, kv.Pods()) })
	return uint64(rev), err
}

// Get reads one key at the current revision (a range of one object).
// upstream: etcd3 store.go Get, validateMinimumResourceVersion
func (s *Store) Get(ctx context.Context, key string, opts storage.GetOptions, out runtime.Object) error {
	defer s.record(ctx, "Get")()
	var rev int64
	var item *world.Item
	err := s.world.Serve(ctx, queueKey(ctx), func(kv *world.KV) int64 {
		items, _, r, _ := kv.Range(key, key+"\x00", 0, 1)
		rev = r
		if len(items) == 1 {
			item = &items[0]
		}
		return int64(len(items))
	})
	if err != nil {
		return err
	}
	if err := s.validateMinimumResourceVersion(opts.ResourceVersion, uint64(rev)); err != nil {
		return err
	}
	if item == nil {
		if opts.IgnoreNotFound {
			return runtime.SetZeroValue(out)
		}
		return storage.NewKeyNotFoundError(key, 0)
	}
	pod, ok := out.(*example.Pod)
	if !ok {
		return fmt.Errorf("the oracle's store holds *example.Pod, not %T", out)
	}
	*pod = *s.pod(item.Key, item.ModRev)
	return nil
}

func (s *Store) validateMinimumResourceVersion(minimum string, actual uint64) error {
	if minimum == "" {
		return nil
	}
	rv, err := s.versioner.ParseResourceVersion(minimum)
	if err != nil {
		return apierrors.NewBadRequest(fmt.Sprintf("invalid resource version: %v", err))
	}
	if rv > actual {
		return storage.NewTooLargeResourceVersionError(rv, actual, 0)
	}
	return nil
}

// RequestWatchProgress asks etcd for a bookmark on the open watch (no slot, etcdLatency away).
func (s *Store) RequestWatchProgress(ctx context.Context) error {
	defer s.record(ctx, "RequestWatchProgress")()
	s.world.RequestProgress(ctx)
	return nil
}

func (s *Store) CompactRevision() int64 { return s.world.CompactRevision() }

func (s *Store) ReadinessCheck() error { return nil }

// podCount is the number of pods, as etcd3's store counts the keys under its prefix.
func (s *Store) podCount() int64 {
	var n int64
	s.world.Read(func(kv *world.KV) {
		items, _, _, _ := kv.Range(world.PodPrefix, world.PodRangeEnd, 0, 0)
		n = int64(len(items))
	})
	return n
}

func (s *Store) Create(context.Context, string, runtime.Object, runtime.Object, uint64) error {
	return errReadOnly
}

func (s *Store) Delete(context.Context, string, runtime.Object, *storage.Preconditions, storage.ValidateObjectFunc, runtime.Object, storage.DeleteOptions) error {
	return errReadOnly
}

func (s *Store) GuaranteedUpdate(context.Context, string, runtime.Object, bool, *storage.Preconditions, storage.UpdateFunc, runtime.Object) error {
	return errReadOnly
}
