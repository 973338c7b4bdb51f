#!/usr/bin/env bash
# The harness's own tests (docs/oracle-harness.md): the world's rules, the clock and the step order
# (shared/), and each minor's facts on the hand scripts of testdata/ (k8s-<minor>/facts_test.go),
# built with that minor's build-tags as oracle/run.sh builds its harness.
#   oracle/test.sh [minor …]     (default: every minor with a facts_test.go)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -gt 0 ]; then minors=("$@"); else
  minors=()
  for dir in "$here"/k8s-*/; do
    # 1.38 is a pre-release that needs GOTOOLCHAIN=go1.27.3; CI runs on Go 1.26 (docs/oracle.md).
    [ "$(basename "$dir")" = k8s-1.38 ] && continue
    [ -f "$dir/facts_test.go" ] && minors+=("$(basename "$dir" | sed 's/^k8s-//')")
  done
fi
(cd "$here/shared" && go test ./...)
for minor in "${minors[@]}"; do
  module="$here/k8s-$minor"
  tags=$(cat "$module/build-tags" 2>/dev/null || true)
  (cd "$module" && go test ${tags:+-tags "$tags"} .) # TestRunScripts skips without -scripts
done
