// The harness's command for 1.33: the packages of ../k8s-1.37 built against k8s.io/apiserver
// v0.33.13 (oracle/run.sh builds it with `go test -c -tags k8s_before_1_37`).
package harness

import (
	"testing"

	"watchcachelab/oracle/k8s-1.37/run"
	"watchcachelab/oracle/shared/runner"
)

func TestRunScripts(t *testing.T) { runner.RunScripts(t, "1.33", run.Script) }
