//go:build tools

// Prometheus 3.16's promtool, built from this module by scripts/ensure-prom-oracle.mjs, so that
// `promtool test rules` runs the deployable rules on Prometheus 3 as well as on Debian's 2.42.
package tools

import _ "github.com/prometheus/prometheus/cmd/promtool"
