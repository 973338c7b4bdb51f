package hand

import "testing"

// WantRegistryKeys checks that the cache keys a pod as the registry does, "/pods/default/pod-3":
// a Get by that key finds it in the cache, and the cache's continue token starts "/default/"
// (relative to the registry's "/pods"). Each minor's harness must give the cacher a KeyFunc that
// makes those keys (run/key_prefix*.go); before 1.35 a "/pods/" prefix made "/pods//default/…".
func WantRegistryKeys(t *testing.T) {
	t.Helper()
	get := Request(t, Run(t, "get-from-etcd-and-cache"), "g2")
	WantAnswer(t, get, 200, 1500*Ms, "")
	if get.FirstKey == nil || *get.FirstKey != "/pods/default/pod-3" {
		t.Errorf("a get at RV 0 answered %v; want /pods/default/pod-3 from the cache", Deref(get.FirstKey))
	}
	first := Request(t, Run(t, "paginated-consistent-list-from-cache"), "r1")
	if first.Continue == nil || first.Continue.Start != "/default/pod-1\x00" || Calls(first) != "GetCurrentResourceVersion" {
		t.Errorf("the cache's first page: continue %+v after [%s]; want /default/pod-1\\x00 after [GetCurrentResourceVersion]", first.Continue, Calls(first))
	}
}
