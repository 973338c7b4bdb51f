//go:build !k8s_before_1_35

package run

import (
	"testing"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
)

// overrideGates sets the gates for this run (restored when t ends), all at once so that gates
// depending on each other are checked together.
func overrideGates(t *testing.T, overrides map[featuregate.Feature]bool) {
	featuregatetesting.SetFeatureGatesDuringTest(t, utilfeature.DefaultFeatureGate, overrides)
}
