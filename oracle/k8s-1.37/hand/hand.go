// Package hand runs oracle/testdata's hand scripts through the real cacher for the harness's own
// tests: every minor's facts_test.go (oracle/k8s-<minor>/) checks the facts its release must show.
package hand

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"

	"watchcachelab/oracle/k8s-1.37/run"
	"watchcachelab/oracle/shared/outcome"
	"watchcachelab/oracle/shared/script"
)

// Ms and S are a millisecond and a second in nanoseconds.
const Ms, S = int64(1_000_000), int64(1_000_000_000)

// Run runs one of oracle/testdata's scripts once through the real cacher; the test's working
// directory is a module under oracle/.
func Run(t *testing.T, name string) *outcome.Outcome {
	t.Helper()
	sc, err := script.Load(filepath.Join("..", "testdata", name+".script.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out *outcome.Outcome
	synctest.Test(t, func(t *testing.T) {
		out, err = run.Script(t, sc)
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Request is the answer to the script's request (or page) id.
func Request(t *testing.T, out *outcome.Outcome, id string) outcome.Request {
	t.Helper()
	for _, r := range out.Requests {
		if r.ID == id {
			return r
		}
	}
	t.Fatalf("no request %s in %s", id, out.Script)
	return outcome.Request{}
}

// Calls names the request's storage calls in order, comma-separated.
func Calls(r outcome.Request) string {
	var names []string
	for _, c := range r.StorageCalls {
		names = append(names, c.Call)
	}
	return strings.Join(names, ",")
}

// WantAnswer checks the answer's code, instant and storage calls.
func WantAnswer(t *testing.T, r outcome.Request, code int, atNs int64, storageCalls string) {
	t.Helper()
	if r.Code == nil || *r.Code != code || r.AnsweredAtNs == nil || *r.AnsweredAtNs != atNs || Calls(r) != storageCalls {
		t.Errorf("%s: got code %v at %v ns after [%s] (%q); want %d at %d ns after [%s]",
			r.ID, Deref(r.Code), Deref(r.AnsweredAtNs), Calls(r), r.Message, code, atNs, storageCalls)
	}
}

// Deref is the pointer's value, or nil.
func Deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
