//go:build k8s_before_1_37

package store

import (
	"time"

	"k8s.io/apimachinery/pkg/runtime"
)

// withDecodeTime leaves the object as it is: before 1.37 etcd3 sends the cacher no decode
// instants (there is no ListOptions.RecordTimestamps), and the cacher times events itself.
func withDecodeTime(obj runtime.Object, _ time.Time) runtime.Object { return obj }
