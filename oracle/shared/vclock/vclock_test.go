package vclock

import (
	"testing"
	"testing/synctest"
	"time"
)

func TestTimersDueTogetherFireByClassThenCreation(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New()
		late := c.NewTimer(CacherTimer, time.Second)
		first := c.NewTimer(Delivery, time.Second)
		second := c.NewTimer(CacherTimer, time.Second)
		time.Sleep(time.Second)
		var order []*Timer
		for c.FireOne() {
			for _, tm := range []*Timer{late, first, second} {
				select {
				case <-tm.C():
					order = append(order, tm)
				default:
				}
			}
		}
		if len(order) != 3 || order[0] != first || order[1] != late || order[2] != second {
			t.Fatalf("fired in the wrong order: %v", order)
		}
	})
}

func TestAStoppedTimerDoesNotFireAndAResetOneFiresAtItsNewInstant(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New()
		stopped := c.NewTimer(CacherTimer, time.Second)
		moved := c.NewTimer(CacherTimer, time.Second)
		if !stopped.Stop() || stopped.Stop() {
			t.Fatal("Stop should report a pending timer once")
		}
		moved.Reset(2 * time.Second)
		time.Sleep(time.Second)
		if c.FireOne() {
			t.Fatal("nothing is due at 1 s")
		}
		if when, ok := c.Next(); !ok || time.Until(when) != time.Second {
			t.Fatalf("next timer in %v; want 1 s", time.Until(when))
		}
	})
}
