//go:build !k8s_before_1_37

package store

import (
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/storage"
)

// timed carries an event's decode instant to the cacher, as etcd3 does for the watch cache's
// watch (ListOptions.RecordTimestamps): the cacher sizes its history ring by these instants.
// upstream: etcd3 watcher.go timedWatchEvent
type timed struct {
	runtime.Object
	recordTime time.Time
}

var _ storage.WatchEventWithRecordTime = &timed{}

func (t *timed) GetObjectMeta() metav1.Object {
	m, _ := meta.Accessor(t.Object)
	return m
}

func (t *timed) DeepCopyObject() runtime.Object {
	return &timed{Object: t.Object.DeepCopyObject(), recordTime: t.recordTime}
}

// withDecodeTime wraps an event's object with its decode instant (1.37 and later).
func withDecodeTime(obj runtime.Object, at time.Time) runtime.Object {
	return &timed{Object: obj, recordTime: at}
}

func (t *timed) RecordTime() time.Time  { return t.recordTime }
func (t *timed) Unwrap() runtime.Object { return t.Object }
