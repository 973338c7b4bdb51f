//go:build !k8s_before_1_34

package store

import (
	"context"

	"k8s.io/apiserver/pkg/storage"
)

// Stats counts the pods, as etcd3's store does from its key count (1.34 on).
func (s *Store) Stats(context.Context) (storage.Stats, error) {
	return storage.Stats{ObjectCount: s.podCount()}, nil
}

// EnableResourceSizeEstimation does nothing: the world does not estimate sizes.
func (s *Store) EnableResourceSizeEstimation(storage.KeysFunc) error { return nil }
