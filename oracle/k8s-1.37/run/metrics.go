package run

import (
	"bytes"
	"errors"
	"math"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/component-base/metrics/legacyregistry"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
)

// metricsText is the Prometheus text of every family in the registry the cacher records into,
// less the Go runtime's and the process's (they describe the harness, not the cacher).
func metricsText() (string, error) {
	families, err := legacyregistry.DefaultGatherer.Gather()
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	for _, mf := range families {
		name := mf.GetName()
		if strings.HasPrefix(name, "go_") || strings.HasPrefix(name, "process_") {
			continue
		}
		roundSums(mf)
		if _, err := expfmt.MetricFamilyToText(&buf, mf); err != nil {
			return "", err
		}
	}
	return buf.String(), nil
}

// roundSums rounds histogram and summary sums to the nanosecond: every observation is a whole
// number of virtual ns, but goroutines woken together observe in scheduler order, and a float
// sum's last bits depend on the order of the additions.
func roundSums(mf *dto.MetricFamily) {
	for _, m := range mf.GetMetric() {
		if h := m.GetHistogram(); h != nil && h.SampleSum != nil {
			*h.SampleSum = math.Round(*h.SampleSum*1e9) / 1e9
		}
		if s := m.GetSummary(); s != nil && s.SampleSum != nil {
			*s.SampleSum = math.Round(*s.SampleSum*1e9) / 1e9
		}
	}
}

// apiErrorFrom is the error a watch's Error event carries.
func apiErrorFrom(ev watch.Event) error {
	if st, ok := ev.Object.(*metav1.Status); ok {
		return &apierrors.StatusError{ErrStatus: *st}
	}
	return errors.New("watch error event without a Status")
}
