// The harness's command for 1.38: the packages of ../k8s-1.37 built against k8s.io/apiserver
// v0.38.0-beta.0 (oracle/run.sh builds it with `go test -c`; GOTOOLCHAIN=go1.27.3, see README.md).
package harness

import (
	"testing"

	"watchcachelab/oracle/k8s-1.37/run"
	"watchcachelab/oracle/shared/runner"
)

func TestRunScripts(t *testing.T) { runner.RunScripts(t, "1.38", run.Script) }
