//go:build !k8s_before_1_35

package run

// keyFuncPrefix is the prefix the cacher's KeyFunc is given: from 1.35 storage.NamespaceKeyFunc
// wants it to end in "/" and adds nothing between it and the namespace, so a pod's key is
// "/pods/default/pod-1", as the registry's keys are.
// upstream: storage/util.go NamespaceKeyFunc
const keyFuncPrefix = "/pods/"
