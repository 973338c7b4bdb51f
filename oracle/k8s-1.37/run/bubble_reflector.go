//go:build k8s_before_1_35

package run

import (
	"time"
	_ "unsafe" // for go:linkname

	_ "k8s.io/client-go/tools/cache"
)

// neverExitWatch is client-go's channel "nothing will ever be sent down", which 1.33's and
// 1.34's Reflector.resyncChan hands the cacher's reflector (its resync period is 0). It is a
// package variable made at init, outside any synctest bubble, so a goroutine selecting on it is
// never durably blocked and synctest.Wait would never return.
//
//go:linkname neverExitWatch k8s.io/client-go/tools/cache.neverExitWatch
var neverExitWatch <-chan time.Time

// prepareBubble gives this bubble its own never-sent channel in its place: the reflector still
// never resyncs, and now waits on a channel of the bubble. Call it inside the bubble, before the
// cacher starts (each script's bubble needs its own: a channel belongs to the bubble it was made in).
func prepareBubble() { neverExitWatch = make(chan time.Time) }
