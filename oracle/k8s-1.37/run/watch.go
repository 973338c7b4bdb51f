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
func (h *harness) watch(ctx context.Context, r script.Request) *outcome.Request {
	res := &outcome.Request{ID: r.ID, Code: 200}
	events := 0
	res.Events = &events
	finish := func(endedBy string) *outcome.Request {
		now := h.world.Now()
		res.AnsweredAtNs, res.EndedBy = &now, endedBy
		res.Outcome = outcome.Classify(res.Code, nil, 0, 0)
		return res
	}
	opts := storage.ListOptions{ResourceVersion: r.RV, Predicate: storage.Everything, Recursive: true}
	w, err := h.delegator.Watch(ctx, "/pods", opts)
	if err != nil {
		st := statusOf(storeerr.InterpretWatchError(err, pods, ""))
		res.Code, res.Message = int(st.Code), st.Message
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
				st := statusOf(storeerr.InterpretWatchError(apiErrorFrom(ev), pods, ""))
				if events == 0 {
					res.Code, res.Message = int(st.Code), st.Message
				}
				return finish("error:" + strconv.Itoa(int(st.Code)))
			}
			events++
			if m, err := meta.Accessor(ev.Object); err == nil {
				if rv, err := strconv.ParseInt(m.GetResourceVersion(), 10, 64); err == nil {
					res.LastRV = &rv
				}
			}
		case <-until.C:
			return finish("untilNs")
		case <-h.root.Done():
			return res
		}
	}
}
