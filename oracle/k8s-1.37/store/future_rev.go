//go:build !k8s_before_1_34

package store

import (
	"context"

	"k8s.io/apiserver/pkg/storage"
)

// futureRevError is etcd3's answer to a range at a revision etcd has not reached: from 1.34 a
// second quorum read for the current revision, then "Too large resource version".
// upstream: etcd3 store.go GetList (release-1.34 on)
func (s *Store) futureRevError(ctx context.Context, withRev int64) error {
	current, err := s.GetCurrentResourceVersion(ctx)
	if err != nil {
		current = 0
	}
	return storage.NewTooLargeResourceVersionError(uint64(withRev), current, 0)
}
