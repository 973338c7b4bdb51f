package runner

import (
	"strings"
	"testing"

	"watchcachelab/oracle/shared/script"
)

func TestFirstDifferenceNamesTheLine(t *testing.T) {
	if d := FirstDifference([]byte("a\nb\n"), []byte("a\nb\n")); d != "" {
		t.Fatalf("identical runs reported %q", d)
	}
	if d := FirstDifference([]byte("a\nb\n"), []byte("a\nc\n")); !strings.HasPrefix(d, "line 2, column 1:") {
		t.Fatalf("got %q; want line 2", d)
	}
}

func TestStepsAtOneInstantRunCompactionsWritesThenRequestsByKind(t *testing.T) {
	pod := 1
	sc := &script.Script{
		World:    script.World{DurationNs: 10, CompactionIntervalNs: 5},
		Timeline: []script.Event{{AtNs: 5, Op: script.OpWrite, Pod: &pod}, {AtNs: 5, Op: script.OpRestart}},
		Requests: []script.Request{
			{ID: "exact", AtNs: 5, Verb: script.VerbList, RV: "3", Limit: 1},
			{ID: "consistent", AtNs: 5, Verb: script.VerbList},
			{ID: "rv0", AtNs: 5, Verb: script.VerbList, RV: "0"},
		},
	}
	var got []string
	for _, s := range Steps(sc) {
		switch {
		case s.Periodic:
			got = append(got, "tick")
		case s.Event != nil:
			got = append(got, s.Event.Op)
		default:
			got = append(got, s.Request.ID)
		}
	}
	want := "tick restart write rv0 consistent exact tick"
	if strings.Join(got, " ") != want {
		t.Fatalf("order %v; want %s", got, want)
	}
}

func TestFirstDifferenceQuotesOnlyAroundTheColumn(t *testing.T) {
	long := strings.Repeat("x", 500)
	d := FirstDifference([]byte(long+"a"+long), []byte(long+"b"+long))
	if !strings.Contains(d, "column 501") || len(d) > 400 {
		t.Fatalf("got %d bytes: %.200s", len(d), d)
	}
}
