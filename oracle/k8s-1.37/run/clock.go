package run

import (
	"time"

	"k8s.io/utils/clock"

	"watchcachelab/oracle/shared/vclock"
)

// cacherClock is the Config.Clock the cacher gets: its timers (blockTimeout, the progress
// requester's, the compactor poll, the bookmark timer) live on the harness's virtual clock, so
// two due at one instant fire in a fixed order.
type cacherClock struct{ c *vclock.Clock }

var _ clock.WithTicker = cacherClock{}

func (cacherClock) Now() time.Time                  { return time.Now() }
func (cacherClock) Since(t time.Time) time.Duration { return time.Since(t) }
func (k cacherClock) After(d time.Duration) <-chan time.Time {
	return k.c.NewTimer(vclock.CacherTimer, d).C()
}
func (k cacherClock) NewTimer(d time.Duration) clock.Timer {
	return k.c.NewTimer(vclock.CacherTimer, d)
}
func (k cacherClock) Sleep(d time.Duration) { k.c.Sleep(vclock.CacherTimer, d) }
func (k cacherClock) Tick(d time.Duration) <-chan time.Time {
	return k.c.NewTicker(vclock.CacherTimer, d).C()
}
func (k cacherClock) NewTicker(d time.Duration) clock.Ticker {
	return ticker{k.c.NewTicker(vclock.CacherTimer, d)}
}

type ticker struct{ t *vclock.Timer }

func (t ticker) C() <-chan time.Time { return t.t.C() }
func (t ticker) Stop()               { t.t.Stop() }
