// The harness's command: `go test -c` builds it once; oracle/run.sh runs it over a directory of
// scripts, writing <name>.outcome.json (or <name>.fault.json) per script.
package harness

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

	"watchcachelab/oracle/k8s-1.37/run"
	"watchcachelab/oracle/shared/outcome"
	"watchcachelab/oracle/shared/runner"
	"watchcachelab/oracle/shared/script"
)

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

func TestRunScripts(t *testing.T) {
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
		if err := runScript(t, path); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		fmt.Fprintf(os.Stderr, "oracle: %s: %.2f s wall\n", name, time.Since(start).Seconds())
	}
}

func runScript(t *testing.T, path string) error {
	name := script.NameOf(path)
	sc, err := script.Load(path)
	if err == nil && sc.Name != name {
		err = fmt.Errorf("%s: the script is named %q; a script lives in <name>.script.json", path, sc.Name)
	}
	if err != nil {
		writeFault(name, "invalid", err.Error())
		return err
	}
	stop := runner.Watchdog(*watchdog, func() {
		writeFault(name, "watchdog", fmt.Sprintf("still running after %v of wall-clock time; ended", *watchdog))
		_ = os.WriteFile(filepath.Join(*outDir, ".watchdog"), []byte(name), 0o644)
		os.Exit(3)
	})
	defer stop()
	first, err := runTwiceOnce(t, sc, "run1")
	if err != nil {
		writeFault(name, "error", err.Error())
		return err
	}
	second, err := runTwiceOnce(t, sc, "run2")
	if err != nil {
		writeFault(name, "error", err.Error())
		return err
	}
	if diff := runner.FirstDifference(first, second); diff != "" {
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
func runTwiceOnce(t *testing.T, sc *script.Script, label string) ([]byte, error) {
	var out *outcome.Outcome
	var err error
	start := time.Now()
	defer func() {
		fmt.Fprintf(os.Stderr, "oracle: %s: %s %.2f s wall\n", sc.Name, label, time.Since(start).Seconds())
	}()
	t.Run(sc.Name+"/"+label, func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) { out, err = run.Script(t, sc) })
	})
	if err != nil {
		return nil, err
	}
	if out == nil {
		return nil, fmt.Errorf("%s ended without an outcome (see the test log)", label)
	}
	return out.Marshal()
}
