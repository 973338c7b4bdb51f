#!/usr/bin/env bash
# The oracle harness's one command (docs/oracle-harness.md):
#   oracle/run.sh <scripts-dir> <out-dir> [minor]
# runs every <scripts-dir>/*.script.json against the released k8s.io/apiserver of that minor
# (default 1.37), twice each, and writes <out-dir>/<name>.outcome.json, or <name>.fault.json when
# the harness cannot vouch for an outcome. Exit 0: every script has an outcome; 1: some have
# faults; 2: usage or build error. WATCHDOG=<go duration> changes the per-script wall-clock limit.
# A module's build-tags file (one line) names the Go build tags its binary is built with: the
# older minors build ../k8s-1.37's packages with k8s_before_1_37 (docs/oracle-harness.md).
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: oracle/run.sh <scripts-dir> <out-dir> [minor, default 1.37]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
minor=${3:-1.37}
module="$here/k8s-$minor"
if [ ! -d "$module" ]; then
  echo "oracle: no harness for Kubernetes $minor (have: $(cd "$here" && ls -d k8s-* | tr '\n' ' '))" >&2
  exit 2
fi
bin="$here/.bin/oracle-k8s-$minor.test"
tags=$(cat "$module/build-tags" 2>/dev/null || true)
stale=$(find "$here/shared" "$here/k8s-1.37" "$module" -newer "$bin" \( -name '*.go' -o -name go.mod -o -name go.sum -o -name build-tags \) -print -quit 2>/dev/null || echo missing)
if [ ! -x "$bin" ] || [ -n "$stale" ]; then
  mkdir -p "$here/.bin"
  echo "oracle: building the $minor harness (a first build downloads the modules and takes minutes)" >&2
  (cd "$module" &&
    version=$(go list -m -f '{{if .Replace}}{{.Replace.Version}}{{else}}{{.Version}}{{end}}' k8s.io/apiserver) &&
    go test -c ${tags:+-tags "$tags"} \
      -ldflags "-X watchcachelab/oracle/k8s-1.37/run.Side=k8s.io/apiserver@$version" -o "$bin" .) || exit 2
fi
scripts=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)

status=0
after=""
while :; do
  rm -f "$out/.watchdog"
  set +e
  (cd "$module" && "$bin" -test.run '^TestRunScripts$' -scripts "$scripts" -out "$out" \
    ${after:+-after "$after"} ${WATCHDOG:+-watchdog "$WATCHDOG"})
  rc=$?
  set -e
  if [ "$rc" -eq 3 ] && [ -s "$out/.watchdog" ]; then
    after=$(cat "$out/.watchdog") # a script hung: it has its fault file; go on after it
    status=1
    continue
  fi
  [ "$rc" -ne 0 ] && status=1
  break
done
rm -f "$out/.watchdog"
exit "$status"
