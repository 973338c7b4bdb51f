package run

import (
	"context"
	"errors"
	"strconv"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/apis/example"
	"k8s.io/apiserver/pkg/storage"
	storeerr "k8s.io/apiserver/pkg/storage/errors"

	"watchcachelab/oracle/k8s-1.37/store"
	"watchcachelab/oracle/shared/outcome"
	"watchcachelab/oracle/shared/script"
	"watchcachelab/oracle/shared/world"
)

var pods = schema.GroupResource{Resource: "pods"}

// answer is what one request's handler returned.
type answer struct {
	err           error
	keys          []string
	rv            string
	continueToken string
}

func (h *harness) serve(r script.Request) {
	calls := &store.Calls{}
	h.mu.Lock()
	h.calls[r.ID] = calls
	h.mu.Unlock()
	token := ""
	if r.ContinueOf != "" {
		prev := h.answer(r.ContinueOf)
		if prev == nil || prev.Code != 200 || prev.Continue == nil {
			h.finish(r.ID, &outcome.Request{ID: r.ID, Outcome: "skipped"})
			return
		}
		token = prev.ContinueToken
	}
	ctx := store.WithCalls(h.root, calls)
	if r.Verb == script.VerbWatch {
		h.finish(r.ID, h.watch(ctx, r))
		return
	}
	h.finish(r.ID, h.withDeadline(ctx, r, calls, token))
}

func (h *harness) answer(id string) *outcome.Request {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.answers[id]
}

func (h *harness) finish(id string, a *outcome.Request) {
	h.mu.Lock()
	h.answers[id] = a
	h.mu.Unlock()
	close(h.answered[id])
}

// withDeadline gives the request a context whose deadline is requestTimeout from its arrival and
// answers 504 the moment it passes, while the handler goes on in the background.
// upstream: server/filters/timeout.go WithTimeoutForNonLongRunningRequests, endpoints/filters/request_deadline.go WithRequestDeadline
func (h *harness) withDeadline(ctx context.Context, r script.Request, calls *store.Calls, token string) *outcome.Request {
	arrivalNs := h.world.Now()
	deadlineNs := arrivalNs + h.sc.World.RequestTimeoutNs
	ctx, cancel := context.WithTimeout(ctx, time.Duration(h.sc.World.RequestTimeoutNs))
	done := make(chan answer, 1)
	go func() {
		defer cancel()
		if r.Verb == script.VerbGet {
			done <- h.get(ctx, r)
		} else {
			done <- h.list(ctx, r, token)
		}
	}()
	var a answer
	select {
	case a = <-done:
	case <-ctx.Done():
	}
	if h.world.Now() >= deadlineNs {
		a = answer{err: apierrors.NewTimeoutError("request did not complete within the allotted timeout", 0)}
	}
	res := result(r.ID, a, h.world.Now())
	res.Outcome = outcome.Classify(res.Code, calls.Names(), *res.AnsweredAtNs, max(arrivalNs, calls.LastEndNs()))
	return res
}

func (h *harness) list(ctx context.Context, r script.Request, token string) answer {
	opts := storage.ListOptions{
		ResourceVersion:      r.RV,
		ResourceVersionMatch: metav1.ResourceVersionMatch(r.RVM),
		Predicate: storage.SelectionPredicate{
			Label: labels.Everything(), Field: fields.Everything(), GetAttrs: storage.DefaultNamespaceScopedAttr,
			Limit: r.Limit, Continue: token,
		},
		Recursive: true,
	}
	list := &example.PodList{}
	if err := h.delegator.GetList(ctx, "/pods", opts, list); err != nil {
		return answer{err: storeerr.InterpretListError(err, pods)}
	}
	keys := make([]string, len(list.Items))
	for i := range list.Items {
		keys[i] = "/pods/" + list.Items[i].Namespace + "/" + list.Items[i].Name
	}
	return answer{keys: keys, rv: list.ResourceVersion, continueToken: list.Continue}
}

func (h *harness) get(ctx context.Context, r script.Request) answer {
	pod := &example.Pod{}
	key := script.PodKey(*r.Pod)
	if err := h.delegator.Get(ctx, key, storage.GetOptions{ResourceVersion: r.RV}, pod); err != nil {
		return answer{err: storeerr.InterpretGetError(err, pods, script.PodName(*r.Pod))}
	}
	return answer{keys: []string{key}, rv: pod.ResourceVersion}
}

// result is the client's view of an answer: an API status for an error, the list otherwise.
func result(id string, a answer, nowNs int64) *outcome.Request {
	res := &outcome.Request{ID: id, Code: 200, AnsweredAtNs: &nowNs}
	if a.err != nil {
		st := statusOf(a.err)
		res.Code, res.Message = int(st.Code), st.Message
		if st.Details != nil && st.Details.RetryAfterSeconds > 0 {
			s := int(st.Details.RetryAfterSeconds)
			res.RetryAfterSeconds = &s
		}
		return res
	}
	if rv, err := strconv.ParseInt(a.rv, 10, 64); err == nil {
		res.ListRV = &rv
	}
	res.SetKeys(a.keys)
	if a.continueToken != "" {
		res.SetContinue(a.continueToken, world.PodPrefix)
	}
	return res
}

// statusOf is the Status the REST layer writes for err (non-API errors become 500s).
// upstream: apimachinery api/errors, endpoints/handlers/responsewriters ErrorToAPIStatus
func statusOf(err error) metav1.Status {
	var status apierrors.APIStatus
	if errors.As(err, &status) {
		return status.Status()
	}
	return apierrors.NewInternalError(err).Status()
}
