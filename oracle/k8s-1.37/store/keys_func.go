//go:build k8s_before_1_35 && !k8s_before_1_34

package store

import "k8s.io/apiserver/pkg/storage"

// SetKeysFunc is 1.34's name for what later minors call EnableResourceSizeEstimation: the
// world has no size estimator, so both do nothing.
func (s *Store) SetKeysFunc(storage.KeysFunc) {}
