// Package run drives one script through the real Cacher and CacheDelegator of k8s.io/apiserver
// 1.37, inside the caller's synctest bubble. The modules of older minors (oracle/k8s-1.35,
// oracle/k8s-1.36) build these packages against their own release (docs/oracle-harness.md).
package run

import (
	"fmt"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/apiserver/pkg/apis/example"
	examplev1 "k8s.io/apiserver/pkg/apis/example/v1"
	"k8s.io/apiserver/pkg/storage"
	"k8s.io/apiserver/pkg/storage/cacher"
	etcdfeature "k8s.io/apiserver/pkg/storage/feature"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"

	"watchcachelab/oracle/k8s-1.37/store"
	"watchcachelab/oracle/shared/vclock"
	"watchcachelab/oracle/shared/world"
)

var codec runtime.Codec

func init() {
	scheme := runtime.NewScheme()
	utilruntime.Must(example.AddToScheme(scheme))
	utilruntime.Must(examplev1.AddToScheme(scheme))
	codec = serializer.NewCodecFactory(scheme).LegacyCodec(examplev1.SchemeGroupVersion)
}

// etcdFeatures answers the cacher's feature questions as a production etcd 3.6 does: watch
// progress requests are supported (what etcd3's checker finds by asking the server), RangeStream
// is not, so initial lists take etcd3's paginated path. CheckClient (never called: there is no
// etcd client) comes from the embedded checker, whose interface names an unexported type.
type etcdFeatures struct {
	etcdfeature.FeatureSupportChecker
}

func (etcdFeatures) Supports(f storage.Feature) bool { return f == storage.RequestWatchProgress }

func (etcdFeatures) MarkUnsupported(storage.Feature) {}

// upstreamChecker is the package's own checker, taken before the harness replaces it (every
// minor has the variable; only 1.37 exports a constructor).
var upstreamChecker = etcdfeature.DefaultFeatureSupportChecker

// harnessDefaults are gates the harness turns off unless a script names them, each because it
// would put a random instant into the run (docs/oracle-harness.md). Named by string: 1.33 has no
// DetectCacheInconsistency gate (nor the checker), and a gate a minor lacks is left alone.
var harnessDefaults = map[string]bool{"DetectCacheInconsistency": false}

func setGates(t *testing.T, named map[string]bool) error {
	overrides := map[featuregate.Feature]bool{}
	known := utilfeature.DefaultMutableFeatureGate.GetAll()
	for name, on := range harnessDefaults {
		if _, ok := known[featuregate.Feature(name)]; ok {
			overrides[featuregate.Feature(name)] = on
		}
	}
	for name, on := range named {
		if _, ok := known[featuregate.Feature(name)]; !ok {
			return fmt.Errorf("gate %q is not a gate of %s", name, Side)
		}
		overrides[featuregate.Feature(name)] = on
	}
	overrideGates(t, overrides)
	return nil
}

// newCacher builds the cacher and its delegator as the apiserver's storage factory does for
// pods, over the world's store, and waits until its first initialisation is done.
// upstream: cacher.go NewCacherFromConfig, delegator.go NewCacheDelegator
func newCacher(st *store.Store, clk *vclock.Clock) (*cacher.Cacher, *cacher.CacheDelegator, error) {
	etcdfeature.DefaultFeatureSupportChecker = etcdFeatures{upstreamChecker}
	c, err := cacher.NewCacherFromConfig(cacher.Config{
		Storage:             st,
		Versioner:           storage.APIObjectVersioner{},
		GroupResource:       schema.GroupResource{Resource: "pods"},
		EventsHistoryWindow: cacher.DefaultEventFreshDuration,
		ResourcePrefix:      "/pods",
		KeyFunc:             func(obj runtime.Object) (string, error) { return storage.NamespaceKeyFunc(keyFuncPrefix, obj) },
		GetAttrsFunc:        storage.DefaultNamespaceScopedAttr,
		NewFunc:             func() runtime.Object { return &example.Pod{} },
		NewListFunc:         func() runtime.Object { return &example.PodList{} },
		Codec:               codec,
		Clock:               cacherClock{clk},
	})
	if err != nil {
		return nil, nil, err
	}
	return c, cacher.NewCacheDelegator(c, st), nil
}

// settle is how long the harness lets the freshly initialised cacher run before the script's
// t=0: its dispatcher polls every 10 ms for the first list's RV before it dispatches events.
const settle = 100 * time.Millisecond

func checkReady(c *cacher.Cacher, w *world.World) error {
	if !c.Ready() {
		return fmt.Errorf("the cacher was not ready %v after it started over a world of %d pods", settle, w.Config().Objects)
	}
	return nil
}
