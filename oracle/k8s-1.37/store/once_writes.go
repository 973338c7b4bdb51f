//go:build k8s_1_38

package store

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/storage"
)

// DeleteOnce and UpdateOnce join storage.Interface in 1.38 (one conditional write attempt each,
// for the new cacher/txn_delegator.go); the world is read-only here as for every other write.
func (s *Store) DeleteOnce(context.Context, string, *storage.ObjState, runtime.Object) error {
	return errReadOnly
}

func (s *Store) UpdateOnce(context.Context, string, *storage.ObjState, runtime.Object, uint64, runtime.Object, bool) (*storage.ObjState, error) {
	return nil, errReadOnly
}
