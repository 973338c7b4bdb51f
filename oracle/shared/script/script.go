// Package script reads the oracle's script format (docs/oracle-script.md): a small world and the
// clients' requests, shared by the model and the Go harness.
package script

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Format is the only script format this harness reads.
const Format = "wcl-oracle-script/1"

type Script struct {
	Format   string          `json:"format"`
	Name     string          `json:"name"`
	Class    string          `json:"class"`
	Source   string          `json:"source"`
	K8s      string          `json:"k8s"`
	Gates    map[string]bool `json:"gates"`
	World    World           `json:"world"`
	Timeline []Event         `json:"timeline"`
	Requests []Request       `json:"requests"`
}

type World struct {
	Objects              int        `json:"objects"`
	ObjectBytes          int64      `json:"objectBytes"`
	EtcdConcurrency      int        `json:"etcdConcurrency"`
	EtcdLatencyNs        int64      `json:"etcdLatencyNs"`
	LagNs                int64      `json:"lagNs"`
	ProcessRate          int64      `json:"processRate"`
	Stalls               [][2]int64 `json:"stalls"`
	RequestTimeoutNs     int64      `json:"requestTimeoutNs"`
	CompactionIntervalNs int64      `json:"compactionIntervalNs"`
	DurationNs           int64      `json:"durationNs"`
	// etcd's cost per object and per 2 KiB a range returns; absent, 0 and 10 000 ns (the cost
	// before the model's fit to KEP-2340's benchmark: EtcdCost).
	EtcdNsPerObject *int64 `json:"etcdNsPerObject,omitempty"`
	EtcdNsPer2KiB   *int64 `json:"etcdNsPer2KiB,omitempty"`
}

// EtcdCost is etcd's cost per object and per 2 KiB a range returns, with the defaults that keep a
// script written before the fields existed on its old formula.
func (w World) EtcdCost() (nsPerObject, nsPer2KiB int64) {
	nsPerObject, nsPer2KiB = 0, 10000
	if w.EtcdNsPerObject != nil {
		nsPerObject = *w.EtcdNsPerObject
	}
	if w.EtcdNsPer2KiB != nil {
		nsPer2KiB = *w.EtcdNsPer2KiB
	}
	return nsPerObject, nsPer2KiB
}

// Event ops.
const (
	OpWrite      = "write"
	OpOtherWrite = "otherWrite"
	OpCompact    = "compact"
	OpRestart    = "restart"
)

type Event struct {
	AtNs int64  `json:"atNs"`
	Op   string `json:"op"`
	Pod  *int   `json:"pod,omitempty"`
}

// Request verbs.
const (
	VerbList  = "list"
	VerbGet   = "get"
	VerbWatch = "watch"
)

// Request is one client request; a list with a limit is a pager that follows its pages.
type Request struct {
	ID      string `json:"id"`
	AtNs    int64  `json:"atNs"`
	Verb    string `json:"verb"`
	RV      string `json:"rv"`
	RVM     string `json:"rvm"`
	Limit   int64  `json:"limit"`
	Pod     *int   `json:"pod,omitempty"`
	UntilNs int64  `json:"untilNs,omitempty"`
}

// PodKey is the storage key of pod i (docs/oracle-script.md "Keys").
func PodKey(i int) string { return fmt.Sprintf("/pods/default/pod-%d", i) }

// PodName is the object name of pod i.
func PodName(i int) string { return fmt.Sprintf("pod-%d", i) }

// Load reads and validates one script file.
func Load(path string) (*Script, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	var s Script
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%s: not a script: %w", path, err)
	}
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &s, nil
}

// List returns the script files of dir (*.script.json), sorted by name.
func List(dir string) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.script.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	return paths, nil
}

// NameOf is the script name a file holds by convention (<name>.script.json).
func NameOf(path string) string {
	return strings.TrimSuffix(filepath.Base(path), ".script.json")
}
