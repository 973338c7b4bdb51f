package runner

import (
	"testing/synctest"
	"time"

	"watchcachelab/oracle/shared/vclock"
)

// Driver moves a synctest bubble from instant to instant. At each one it lets everything woken
// then run until blocked (synctest.Wait), then performs, in order and each followed by another
// Wait: the compaction-phase steps due, every virtual-clock timer due (one by one, in the
// clock's order), then the other steps due. Call it from the bubble's main goroutine only: it
// is the one caller of synctest.Wait.
type Driver struct {
	Clock *vclock.Clock
	Now   func() int64 // the script's virtual ns
}

// RunUntil drives until endNs, the instant included, performing steps (ordered by Steps) with do.
func (d *Driver) RunUntil(endNs int64, steps []Step, do func(Step)) {
	i := 0
	for {
		next := endNs
		if i < len(steps) && steps[i].AtNs < next {
			next = steps[i].AtNs
		}
		if when, ok := d.Clock.Next(); ok {
			next = min(next, d.Now()+int64(time.Until(when)))
		}
		if !d.sleep(time.Duration(next - d.Now())) {
			continue // a timer was scheduled meanwhile: look again
		}
		now := d.Now()
		synctest.Wait()
		for i < len(steps) && steps[i].AtNs <= now && steps[i].Phase == PhaseCompaction {
			do(steps[i])
			synctest.Wait()
			i++
		}
		d.fireDue()
		for i < len(steps) && steps[i].AtNs <= now {
			do(steps[i])
			synctest.Wait()
			d.fireDue()
			i++
		}
		if now >= endNs {
			return
		}
	}
}

func (d *Driver) fireDue() {
	for d.Clock.FireOne() {
		synctest.Wait()
	}
}

// sleep waits dur, or less if a timer is scheduled meanwhile (then it reports false).
func (d *Driver) sleep(dur time.Duration) bool {
	if dur <= 0 {
		return true
	}
	t := time.NewTimer(dur)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-d.Clock.Wake():
		return false
	}
}
