package harness

import (
	"testing"

	"watchcachelab/oracle/k8s-1.37/hand"
)

// The facts of 1.33 that differ from later minors (oracle/k8s-1.37/facts_test.go has the rest).

// 1.33's etcd3 store hands etcd's "future revision" error on as it is: a 500 with etcd's words,
// after the one range (1.34 on read the current revision again and answer 504).
func TestAListAtAFutureRevisionIsEtcdsOwnError(t *testing.T) {
	r := hand.Request(t, hand.Run(t, "list-at-a-future-revision"), "r1")
	hand.WantAnswer(t, r, 500, 1*hand.S+2*hand.Ms, "GetList")
	if want := "etcdserver: mvcc: required revision is a future revision"; r.Message != want {
		t.Errorf("message %q; want %q", r.Message, want)
	}
}

func TestTheCacheKeysPodsAsTheRegistryDoes(t *testing.T) { hand.WantRegistryKeys(t) }
