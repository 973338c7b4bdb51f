package run

import (
	"context"
	"errors"
	"fmt"
	"net/http"
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
)

var pods = schema.GroupResource{Resource: "pods"}

// answer is what one request's handler returned.
type answer struct {
	err   error
	items []example.Pod
	rv    string
	token string
}

// queueRanks is how many places in a script a queue key tells apart (see send); a key stays
// below the cacher's own (store's backgroundKey) for scripts up to 86 400 s.
const queueRanks = 1 << 15

// send records a page of request reqID as sent now and returns it with the context its storage
// calls run under. Its ranges join etcd's queue, among those joining at one instant, in the order
// of the page's arrival and then of its request's place in the script: pagers woken together send
// their next pages at one instant, and would otherwise queue in goroutine order.
func (h *harness) send(reqID, pageID string) (*page, context.Context) {
	now := h.world.Now()
	rank := int64(queueRanks - 1)
	for i := range h.sc.Requests {
		if h.sc.Requests[i].ID == reqID {
			rank = min(rank, int64(i))
			break
		}
	}
	p := &page{calls: &store.Calls{Key: now*queueRanks + rank}}
	p.rec = outcome.Request{ID: pageID, SentAtNs: now}
	h.mu.Lock()
	h.pages[reqID] = append(h.pages[reqID], p)
	h.mu.Unlock()
	return p, store.WithCalls(h.root, p.calls)
}

func (h *harness) settle(p *page, rec outcome.Request) {
	h.mu.Lock()
	defer h.mu.Unlock()
	p.rec = rec
}

// serve sends r; a list with a limit is a pager, as client-go's: each answer with a continue
// token sends the next page at once with that token, no RV and no RVM, until the last page or
// the first error; a 410 for a continued page makes it list everything at once, with the first
// page's RV and RVM (FullListIfExpired, on by default). Pages after the first are reported as
// <id>.p<n>.
// upstream: client-go tools/pager/pager.go ListPager.list
func (h *harness) serve(r script.Request) {
	if r.Verb == script.VerbWatch {
		p, ctx := h.send(r.ID, r.ID)
		h.settle(p, h.watch(ctx, r, p.rec))
		return
	}
	first, token := r, ""
	for n := 1; ; n++ {
		id := r.ID
		if n > 1 {
			id = fmt.Sprintf("%s.p%d", r.ID, n)
		}
		p, ctx := h.send(r.ID, id)
		rec := h.withDeadline(ctx, r, token, p.rec)
		h.settle(p, rec)
		if h.root.Err() != nil || rec.Code == nil {
			return
		}
		if *rec.Code == 410 && token != "" && r.Limit > 0 {
			r, token = first, ""
			r.Limit = 0
			continue
		}
		if *rec.Code != 200 || rec.ContinueToken == "" {
			return
		}
		r.RV, r.RVM, token = "", "", rec.ContinueToken
	}
}

// withDeadline gives the request a context whose deadline is requestTimeout from its arrival and
// answers 504 the moment it passes, while the handler goes on in the background.
// upstream: server/filters/timeout.go WithTimeoutForNonLongRunningRequests, endpoints/filters/request_deadline.go WithRequestDeadline
func (h *harness) withDeadline(ctx context.Context, r script.Request, token string, rec outcome.Request) outcome.Request {
	deadlineNs := rec.SentAtNs + h.sc.World.RequestTimeoutNs
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
		// The handler cancels the context as it returns: its answer may be waiting already.
		select {
		case a = <-done:
		default:
		}
	case <-h.root.Done():
		return rec // still open when the script ended
	}
	if h.world.Now() >= deadlineNs {
		a = answer{err: apierrors.NewTimeoutError("request did not complete within the allotted timeout", 0)}
	}
	fill(&rec, a, h.world.Now())
	return rec
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
	return answer{items: list.Items, rv: list.ResourceVersion, token: list.Continue}
}

func (h *harness) get(ctx context.Context, r script.Request) answer {
	pod := &example.Pod{}
	key := script.PodKey(*r.Pod)
	if err := h.delegator.Get(ctx, key, storage.GetOptions{ResourceVersion: r.RV}, pod); err != nil {
		return answer{err: storeerr.InterpretGetError(err, pods, script.PodName(*r.Pod))}
	}
	return answer{items: []example.Pod{*pod}, rv: pod.ResourceVersion}
}

// fill records the client's view of an answer: an API status for an error, the list otherwise.
func fill(rec *outcome.Request, a answer, nowNs int64) {
	rec.AnsweredAtNs = &nowNs
	code := 200
	rec.Code = &code
	if a.err != nil {
		setStatus(rec, statusOf(a.err))
		return
	}
	if rv, err := strconv.ParseInt(a.rv, 10, 64); err == nil {
		rec.ListRV = &rv
	}
	rec.SetKeys(len(a.items), func(i int) string { return "/pods/" + a.items[i].Namespace + "/" + a.items[i].Name })
	if a.token != "" {
		rec.SetContinue(a.token)
	}
}

func setStatus(rec *outcome.Request, st metav1.Status) {
	code := int(st.Code)
	rec.Code, rec.Message = &code, st.Message
	if st.Details != nil && st.Details.RetryAfterSeconds > 0 {
		s := int(st.Details.RetryAfterSeconds)
		rec.RetryAfterSeconds = &s
	}
}

// statusOf is the Status the REST layer writes for err (non-API errors become 500s).
// upstream: endpoints/handlers/responsewriters/status.go ErrorToAPIStatus
func statusOf(err error) metav1.Status {
	var status apierrors.APIStatus
	if errors.As(err, &status) {
		return status.Status()
	}
	// Not an API status: a 500 whose message is the error's own text (no "Internal error
	// occurred: " prefix, which only apierrors.NewInternalError adds).
	return metav1.Status{Status: metav1.StatusFailure, Code: http.StatusInternalServerError, Reason: metav1.StatusReasonUnknown, Message: err.Error()}
}
