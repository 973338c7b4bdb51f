package run

import (
	"context"
	"strconv"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/storage"
	storeerr "k8s.io/apiserver/pkg/storage/errors"

	"watchcachelab/oracle/shared/outcome"
	"watchcachelab/oracle/shared/script"
)

// watch opens a client watch through the delegator and counts its events until untilNs, an
// error event or the channel's close. Watches are long-running: no request deadline.
func (h *harness) watch(ctx context.Context, r script.Request, rec outcome.Request) outcome.Request {
	code, events := 200, 0
	rec.Code, rec.Events = &code, &events
	finish := func(endedBy string) outcome.Request {
		now := h.world.Now()
		rec.AnsweredAtNs, rec.EndedBy = &now, endedBy
		return rec
	}
	opts := storage.ListOptions{ResourceVersion: r.RV, Predicate: storage.Everything, Recursive: true}
	w, err := h.delegator.Watch(ctx, "/pods", opts)
	if err != nil {
		st := statusOf(storeerr.InterpretWatchError(err, pods, ""))
		setStatus(&rec, st)
		return finish("error:" + strconv.Itoa(int(st.Code)))
	}
	defer w.Stop()
	until := time.NewTimer(time.Duration(r.UntilNs - h.world.Now()))
	defer until.Stop()
	for {
		select {
		case ev, ok := <-w.ResultChan():
			if !ok {
				return finish("closed")
			}
			if ev.Type == watch.Error {
				st := statusOf(apiErrorFrom(ev))
				if events == 0 {
					setStatus(&rec, st)
				}
				return finish("error:" + strconv.Itoa(int(st.Code)))
			}
			events++
			if m, err := meta.Accessor(ev.Object); err == nil {
				if rv, err := strconv.ParseInt(m.GetResourceVersion(), 10, 64); err == nil {
					rec.LastRV = &rv
				}
			}
		case <-until.C:
			return finish("untilNs")
		case <-h.root.Done():
			return rec
		}
	}
}
