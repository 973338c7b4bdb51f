//go:build k8s_before_1_35

package run

import (
	"maps"
	"slices"
	"testing"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
)

// overrideGates sets the gates for this run (restored when t ends) one at a time, in name order:
// 1.33's and 1.34's component-base has no call that sets several at once.
func overrideGates(t *testing.T, overrides map[featuregate.Feature]bool) {
	for _, gate := range slices.Sorted(maps.Keys(overrides)) {
		featuregatetesting.SetFeatureGateDuringTest(t, utilfeature.DefaultFeatureGate, gate, overrides[gate])
	}
}
