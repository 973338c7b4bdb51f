//go:build k8s_before_1_34

package store

import (
	"context"

	etcdrpc "go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
)

// futureRevError is etcd3's answer to a range at a revision etcd has not reached: 1.33 hands
// etcd's own error on as it is (the REST layer makes it a 500), with no second read.
// upstream: etcd3 store.go GetList and errors.go interpretListError (release-1.33)
func (s *Store) futureRevError(context.Context, int64) error {
	return etcdrpc.ErrFutureRev
}
