package harness

import (
	"testing"

	"watchcachelab/oracle/k8s-1.37/hand"
)

// The facts of 1.34 that differ from later minors (oracle/k8s-1.37/facts_test.go has the rest).

func TestTheCacheKeysPodsAsTheRegistryDoes(t *testing.T) {
	hand.WantRegistryKeys(t)
}
