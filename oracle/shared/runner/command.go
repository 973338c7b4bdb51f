package runner

// The harness's command, shared by every minor's module: each module's harness_test.go calls
// RunScripts with its own Script function; `go test -c` builds it once and oracle/run.sh runs it
// over a directory of scripts, writing <name>.outcome.json (or <name>.fault.json) per script.

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"testing/synctest"
	"time"

	"watchcachelab/oracle/shared/outcome"
	"watchcachelab/oracle/shared/script"
)

// ScriptFunc runs one script once, inside the caller's synctest bubble, on one minor's cacher.
type ScriptFunc func(t *testing.T, sc *script.Script) (*outcome.Outcome, error)

var (
	scriptsDir = flag.String("scripts", "", "directory of *.script.json to run")
	outDir     = flag.String("out", "", "directory for <name>.outcome.json and <name>.fault.json")
	after      = flag.String("after", "", "skip scripts up to and including this name (resume after a watchdog)")
	watchdog   = flag.Duration("watchdog", 300*time.Second, "wall-clock limit per script (both runs)")
)

// Fault is what the harness writes instead of an outcome when it cannot vouch for one.
type Fault struct {
	Format string `json:"format"`
	Script string `json:"script"`
	Kind   string `json:"kind"` // invalid | error | nondeterministic | watchdog
	Fault  string `json:"fault"`
}

func writeFault(name, kind, msg string) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(Fault{Format: "wcl-oracle-fault/1", Script: name, Kind: kind, Fault: msg})
	_ = os.WriteFile(filepath.Join(*outDir, name+".fault.json"), buf.Bytes(), 0o644)
	fmt.Fprintf(os.Stderr, "oracle: %s: %s: %s\n", name, kind, msg)
}

// RunScripts is the command of the harness of Kubernetes minor (e.g. "1.37"): every script of
// -scripts, twice each. A script written for another minor is refused: its gates and its
// expectations belong to that minor.
func RunScripts(t *testing.T, minor string, run ScriptFunc) {
	if *scriptsDir == "" || *outDir == "" {
		t.Skip("give -scripts and -out to run a corpus (oracle/run.sh does)")
	}
	paths, err := script.List(*scriptsDir)
	if err != nil {
		t.Fatal(err)
	}
	skipping := *after != ""
	for _, path := range paths {
		name := script.NameOf(path)
		if skipping {
			skipping = name != *after
			continue
		}
		os.Remove(filepath.Join(*outDir, name+".fault.json"))
		start := time.Now()
		if err := runScript(t, path, minor, run); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		fmt.Fprintf(os.Stderr, "oracle: %s: %.2f s wall\n", name, time.Since(start).Seconds())
	}
}

func runScript(t *testing.T, path, minor string, run ScriptFunc) error {
	name := script.NameOf(path)
	sc, err := script.Load(path)
	if err == nil && sc.Name != name {
		err = fmt.Errorf("%s: the script is named %q; a script lives in <name>.script.json", path, sc.Name)
	}
	if err == nil && sc.K8s != minor {
		err = fmt.Errorf("%s: the script is for k8s %q; this harness runs %s (oracle/run.sh <dir> <out> %s)", path, sc.K8s, minor, sc.K8s)
	}
	if err != nil {
		writeFault(name, "invalid", err.Error())
		return err
	}
	stop := Watchdog(*watchdog, func() {
		writeFault(name, "watchdog", fmt.Sprintf("still running after %v of wall-clock time; ended", *watchdog))
		_ = os.WriteFile(filepath.Join(*outDir, ".watchdog"), []byte(name), 0o644)
		os.Exit(3)
	})
	defer stop()
	first, err := runTwiceOnce(t, sc, "run1", run)
	if err != nil {
		writeFault(name, "error", err.Error())
		return err
	}
	second, err := runTwiceOnce(t, sc, "run2", run)
	if err != nil {
		writeFault(name, "error", err.Error())
		return err
	}
	if diff := FirstDifference(first, second); diff != "" {
		msg := "harness fault: the two runs of one script differ: " + diff +
			" (both runs are in " + name + ".run1.json and .run2.json)"
		_ = os.WriteFile(filepath.Join(*outDir, name+".run1.json"), first, 0o644)
		_ = os.WriteFile(filepath.Join(*outDir, name+".run2.json"), second, 0o644)
		writeFault(name, "nondeterministic", msg)
		return fmt.Errorf("%s", msg)
	}
	return os.WriteFile(filepath.Join(*outDir, sc.Name+".outcome.json"), first, 0o644)
}

// runTwiceOnce is one of the two runs: a fresh bubble, a fresh cacher, a reset registry.
func runTwiceOnce(t *testing.T, sc *script.Script, label string, run ScriptFunc) ([]byte, error) {
	var out *outcome.Outcome
	var err error
	start := time.Now()
	defer func() {
		fmt.Fprintf(os.Stderr, "oracle: %s: %s %.2f s wall\n", sc.Name, label, time.Since(start).Seconds())
	}()
	t.Run(sc.Name+"/"+label, func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) { out, err = run(t, sc) })
	})
	if err != nil {
		return nil, err
	}
	if out == nil {
		return nil, fmt.Errorf("%s ended without an outcome (see the test log)", label)
	}
	return out.Marshal()
}
