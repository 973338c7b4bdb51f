//go:build k8s_before_1_35

package run

// keyFuncPrefix is the prefix the cacher's KeyFunc is given: before 1.35 storage.NamespaceKeyFunc
// puts a "/" between the prefix and the namespace itself, so "/pods" gives the registry's
// "/pods/default/pod-1" (with "/pods/" the cache kept "/pods//default/pod-1": its Gets by the
// registry's key found nothing and its continue tokens started "//default/").
// upstream: storage/util.go NamespaceKeyFunc (release-1.34)
const keyFuncPrefix = "/pods"
