// The harness's command for 1.37 (oracle/run.sh builds it with `go test -c`).
package harness

import (
	"testing"

	"watchcachelab/oracle/k8s-1.37/run"
	"watchcachelab/oracle/shared/runner"
)

func TestRunScripts(t *testing.T) { runner.RunScripts(t, "1.37", run.Script) }
