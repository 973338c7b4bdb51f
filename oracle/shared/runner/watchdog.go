// Package runner holds what the harness does around one script: the wall-clock watchdog and the
// run-twice determinism check.
package runner

import (
	"sync"
	"time"
)

// Watchdog calls fire once if stop is not called within limit of wall-clock time. Start it
// outside any synctest bubble: inside one, timers run on the bubble's virtual clock.
func Watchdog(limit time.Duration, fire func()) (stop func()) {
	var once sync.Once
	t := time.AfterFunc(limit, func() { once.Do(fire) })
	return func() { t.Stop() }
}
