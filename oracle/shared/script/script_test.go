package script

import (
	"strings"
	"testing"
)

func TestValidateNamesEachProblemAndWhatIsAllowed(t *testing.T) {
	s := &Script{Format: Format, Name: "x", World: World{EtcdConcurrency: 0, RequestTimeoutNs: 1, DurationNs: 10},
		Timeline: []Event{{AtNs: 1, Op: "delete"}},
		Requests: []Request{{ID: "w", AtNs: 2, Verb: VerbWatch}}}
	err := s.Validate()
	for _, want := range []string{"etcdConcurrency is 0", `op "delete" is unknown; allowed: write, otherWrite, compact, restart`, "needs untilNs"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v; want it to say %q", err, want)
		}
	}
}
