//go:build !k8s_before_1_35

package run

// prepareBubble has nothing to do from 1.35 on: client-go's reflector no longer waits on a
// channel made outside the bubble (see bubble_reflector.go for 1.33 and 1.34).
func prepareBubble() {}
