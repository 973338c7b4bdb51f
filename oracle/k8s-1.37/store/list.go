package store

import (
	"context"
	"errors"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/apis/example"
	"k8s.io/apiserver/pkg/storage"

	"watchcachelab/oracle/shared/world"
)

// rangeEnd is the end of a prefix range (clientv3.GetPrefixRangeEnd: the prefix with its last
// byte incremented).
func rangeEnd(prefix string) string {
	b := []byte(prefix)
	b[len(b)-1]++
	return string(b)
}

// GetList reads a page from etcd: at the continue token's revision, the exact RV asked for, or
// the revision current when the range's service starts.
// upstream: etcd3 store.go GetList, pagedChunks, listReadError
func (s *Store) GetList(ctx context.Context, key string, opts storage.ListOptions, listObj runtime.Object) error {
	defer s.record(ctx, "GetList")()
	list, ok := listObj.(*example.PodList)
	if !ok {
		return errors.New("the oracle's store lists into *example.PodList")
	}
	keyPrefix := key
	if opts.Recursive && !strings.HasSuffix(keyPrefix, "/") {
		keyPrefix += "/"
	}
	withRev, continueKey, err := storage.ValidateListOptions(keyPrefix, s.versioner, opts)
	if err != nil {
		return err
	}
	start, end := keyPrefix, rangeEnd(keyPrefix)
	if !opts.Recursive {
		end = keyPrefix + "\x00"
	}
	if continueKey != "" {
		start = continueKey
	}
	var items []world.Item
	var more bool
	var count, rev int64
	var rangeErr error
	err = s.world.Serve(ctx, queueKey(ctx), func(kv *world.KV) int64 {
		items, more, rev, rangeErr = kv.Range(start, end, withRev, opts.Predicate.Limit)
		count = int64(len(items))
		if more {
			count = kv.Count(start, end, rev)
		}
		return int64(len(items))
	})
	if err != nil {
		return err
	}
	if rangeErr != nil {
		return s.listReadError(ctx, rangeErr, withRev, opts.Predicate.Continue != "", continueKey, keyPrefix)
	}
	if withRev == 0 {
		if err := s.validateMinimumResourceVersion(opts.ResourceVersion, uint64(rev)); err != nil {
			return err
		}
	}
	if len(items) > 0 && ctx.Err() != nil {
		// upstream: etcd3 store.go processListItem checks the context before decoding
		return storage.NewTimeoutError(items[0].Key, "request did not complete within requested timeout")
	}
	list.Items = make([]example.Pod, 0, len(items))
	lastKey := ""
	for _, it := range items {
		list.Items = append(list.Items, *s.pod(it.Key, it.ModRev))
		lastKey = it.Key
	}
	token, remaining, err := storage.PrepareContinueToken(lastKey, keyPrefix, rev, count, more, opts)
	if err != nil {
		return err
	}
	return s.versioner.UpdateList(listObj, uint64(rev), token, remaining)
}

// upstream: etcd3 store.go listReadError, errors.go interpretListError
func (s *Store) listReadError(ctx context.Context, err error, withRev int64, paging bool, continueKey, keyPrefix string) error {
	switch {
	case errors.Is(err, world.ErrFutureRev):
		return s.futureRevError(ctx, withRev)
	case errors.Is(err, world.ErrCompacted) && paging:
		token, encErr := storage.EncodeContinue(continueKey, keyPrefix, -1)
		if encErr != nil {
			return apierrors.NewResourceExpired(continueExpired)
		}
		status := apierrors.NewResourceExpired(inconsistentContinue)
		status.ErrStatus.ListMeta.Continue = token
		return status
	case errors.Is(err, world.ErrCompacted):
		return apierrors.NewResourceExpired(listExpired)
	}
	return err
}
