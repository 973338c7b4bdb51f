package harness

import (
	"strings"
	"testing"

	"watchcachelab/oracle/k8s-1.37/hand"
)

const ms, s = hand.Ms, hand.S

func TestAConsistentListIsAnsweredWhenTheWriteItWaitsForArrives(t *testing.T) {
	r := hand.Request(t, hand.Run(t, "consistent-list-after-wait"), "r1")
	// The write at 995 ms reaches the cache 20 ms (lagNs) later.
	hand.WantAnswer(t, r, 200, 1015*ms, "GetCurrentResourceVersion")
	if *r.ListRV != 12 || *r.Count != 10 {
		t.Errorf("listRV %d, count %d; want 12 (the write's revision) and 10", *r.ListRV, *r.Count)
	}
}

func TestAConsistentListFallsBackToEtcdAfterThreeSeconds(t *testing.T) {
	r := hand.Request(t, hand.Run(t, "consistent-fallback-lag-4000"), "r1")
	quorumDone := 1*s + 2*ms + 10_000 // etcdLatency + one object
	listService := 2*ms + 100*10_000  // etcdLatency + 100 objects
	hand.WantAnswer(t, r, 200, quorumDone+3*s+listService, "GetCurrentResourceVersion,GetList")
	if got := r.StorageCalls[1].AtNs; got != quorumDone+3*s {
		t.Errorf("the fallback GetList began at %d ns; want blockTimeout (3 s) after the quorum read, %d", got, quorumDone+3*s)
	}
}

func TestAPagedListFromEtcdThenTheCacheNeitherRepeatsNorSkips(t *testing.T) {
	out := hand.Run(t, "paginated-first-page-etcd")
	p1, p2, p3 := hand.Request(t, out, "r1"), hand.Request(t, out, "r1.p2"), hand.Request(t, out, "r1.p3")
	if hand.Calls(p1) != "GetCurrentResourceVersion,GetList" || hand.Calls(p2) != "" || hand.Calls(p3) != "" {
		t.Errorf("storage calls [%s] [%s] [%s]; want the first page from etcd, the rest from the cache", hand.Calls(p1), hand.Calls(p2), hand.Calls(p3))
	}
	if p1.Continue == nil || p1.Continue.Start != "default/pod-2\x00" {
		t.Errorf("etcd's token starts at %+v; want the last key, relative, with the \\x00 suffix", p1.Continue)
	}
	// The cache takes an exact-RV continuation only once the write at 500 ms has arrived (4 s lag).
	hand.WantAnswer(t, p2, 200, 4500*ms, "")
	keys := []string{*p1.FirstKey, *p1.LastKey, *p2.FirstKey, *p2.LastKey, *p3.FirstKey, *p3.LastKey}
	want := []string{"/pods/default/pod-0", "/pods/default/pod-2", "/pods/default/pod-3", "/pods/default/pod-7", "/pods/default/pod-8", "/pods/default/pod-9"}
	if strings.Join(keys, " ") != strings.Join(want, " ") || *p1.Count+*p2.Count+*p3.Count != 12 {
		t.Errorf("pages run %v (%d+%d+%d items); want %v, 12 items", keys, *p1.Count, *p2.Count, *p3.Count, want)
	}
}

func TestAGetWithoutRVReadsEtcdAndAtRVZeroTheCache(t *testing.T) {
	out := hand.Run(t, "get-from-etcd-and-cache")
	hand.WantAnswer(t, hand.Request(t, out, "g1"), 200, 1*s+2*ms+10_000, "Get")
	hand.WantAnswer(t, hand.Request(t, out, "g2"), 200, 1500*ms, "")
}

func TestAWatchFromARevisionSeesTheWritesAfterIt(t *testing.T) {
	w := hand.Request(t, hand.Run(t, "watch-from-rv"), "w1")
	if *w.Events != 3 || *w.LastRV != 15 || w.EndedBy != "untilNs" {
		t.Errorf("%d events, last RV %d, ended by %q; want 3 pod writes, RV 15, untilNs", *w.Events, *w.LastRV, w.EndedBy)
	}
}

func TestARestartMakesTheCachePendingUntilItsRelist(t *testing.T) {
	out := hand.Run(t, "restart-relist")
	r1 := hand.Request(t, out, "r1")
	if *r1.Code != 429 || r1.Message != "storage is (re)initializing" || hand.Deref(r1.RetryAfterSeconds) != 1 {
		t.Errorf("unpaged list while pending: %v %q retry %v; want 429, the unready message, Retry-After 1", hand.Deref(r1.Code), r1.Message, hand.Deref(r1.RetryAfterSeconds))
	}
	hand.WantAnswer(t, hand.Request(t, out, "r2"), 200, 1300*ms+3*ms, "GetList")
	hand.WantAnswer(t, hand.Request(t, out, "r3"), 200, 7*s, "")
	var relist []string
	for _, c := range out.BackgroundCalls {
		relist = append(relist, c.Call)
	}
	// wait.Until in NewCacherFromConfig restarts the reflector 1 s after its watch ended.
	if len(out.BackgroundCalls) == 0 || out.BackgroundCalls[0].AtNs != 2*s ||
		strings.Join(relist, ",") != "Watch,GetCurrentResourceVersion,WatchListPage,WatchListPage" {
		t.Errorf("the cacher's own calls: %v; want a watch-list at 2 s: its quorum read, then two 10 000-object pages", out.BackgroundCalls)
	}
	if !strings.Contains(out.Metrics, "apiserver_watch_cache_initializations_total{group=\"\",resource=\"pods\"} 2\n") {
		t.Error("want two initialisations in the metrics: the first before t=0, the relist after the restart")
	}
}

func TestAnExactListBelowCompactionGets410OnceTheCacherSeesTheCompaction(t *testing.T) {
	out := hand.Run(t, "compaction-exact-list")
	hand.WantAnswer(t, hand.Request(t, out, "r1"), 200, 2*s, "")
	r2 := hand.Request(t, out, "r2")
	hand.WantAnswer(t, r2, 410, 17*s+2*ms, "GetList")
	if r2.Message != "The resourceVersion for the provided list is too old." {
		t.Errorf("message %q; want etcd3's expired-list message", r2.Message)
	}
}

func TestTheCacheKeysPodsAsTheRegistryDoes(t *testing.T) { hand.WantRegistryKeys(t) }

// From 1.34 etcd3's store answers a range at a future revision with a second quorum read and a
// 504 "Too large resource version" (1.33's is etcd's own error: oracle/k8s-1.33/facts_test.go).
func TestAListAtAFutureRevisionIsTooLarge(t *testing.T) {
	r := hand.Request(t, hand.Run(t, "list-at-a-future-revision"), "r1")
	// The range at the future revision costs etcdLatency; the quorum read after it one object more.
	hand.WantAnswer(t, r, 504, 1*s+4*ms+10_000, "GetList,GetCurrentResourceVersion")
	if want := "Too large resource version: 1000, current: 11"; r.Message != "Timeout: "+want {
		t.Errorf("message %q; want %q", r.Message, "Timeout: "+want)
	}
}
