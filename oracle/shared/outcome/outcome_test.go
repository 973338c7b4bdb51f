package outcome

import "testing"

func TestKeysDigestIsFNV1a64OfTheKeysJoinedByNewlines(t *testing.T) {
	// FNV-1a 64 of "a\nb", computed independently (Python, from the offset basis and prime).
	if got := KeysDigest([]string{"a", "b"}); got != "e5beb1190415e670" {
		t.Fatalf("digest %s", got)
	}
	if got := KeysDigest(nil); got != "cbf29ce484222325" {
		t.Fatalf("digest of nothing %s; want the offset basis", got)
	}
}

func TestSetContinueDecodesTheTokenAsUpstreamEncodesIt(t *testing.T) {
	var r Request
	// base64url of {"v":"meta.k8s.io/v1","rv":14,"start":"default/pod-2\u0000"}
	r.SetContinue("eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6MTQsInN0YXJ0IjoiZGVmYXVsdC9wb2QtMlx1MDAwMCJ9")
	if r.Continue == nil || r.Continue.RV != 14 || r.Continue.Start != "default/pod-2\x00" {
		t.Fatalf("decoded %+v", r.Continue)
	}
}

func TestLargeAnswersHaveNoDigestButTheirEnds(t *testing.T) {
	var r Request
	r.SetKeys(maxDigestKeys+1, func(i int) string { return "k" })
	if r.KeysDigest != nil || *r.Count != maxDigestKeys+1 || *r.FirstKey != "k" {
		t.Fatalf("%+v", r)
	}
}
