// Command prom-oracle answers PromQL instant queries with Prometheus 3's own engine over an
// OpenMetrics file, so the lab's windowed figures can be checked against the real arithmetic.
//
// Usage: prom-oracle FILE… < queries, one `SECONDS<TAB>EXPRESSION` a line; it prints one line
// per query: the values of the result's samples (sorted by their labels), space-separated, "none"
// for an empty result, "error …" for a query the engine refused. The files are the lab's
// OpenMetrics exports (one sample a line, a timestamp in seconds on each).
package main

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/prometheus/model/labels"
	"github.com/prometheus/prometheus/promql"
	"github.com/prometheus/prometheus/tsdb"
)

var sampleLine = regexp.MustCompile(`^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+) (\S+)$`)
var labelPair = regexp.MustCompile(`([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"`)

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "prom-oracle: "+format+"\n", args...)
	os.Exit(1)
}

func main() {
	if len(os.Args) < 2 {
		fail("usage: prom-oracle FILE.om… < queries")
	}
	dir, err := os.MkdirTemp("", "prom-oracle-")
	if err != nil {
		fail("%v", err)
	}
	defer os.RemoveAll(dir)
	db, err := tsdb.Open(dir, nil, nil, tsdb.DefaultOptions(), nil)
	if err != nil {
		fail("open tsdb: %v", err)
	}
	defer db.Close()
	for _, path := range os.Args[1:] {
		load(db, path)
	}
	engine := promql.NewEngine(promql.EngineOpts{
		MaxSamples:    50_000_000,
		Timeout:       time.Minute,
		LookbackDelta: 5 * time.Minute,
	})
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		at, expr, ok := strings.Cut(in.Text(), "\t")
		if !ok {
			fail("a query line is SECONDS<TAB>EXPRESSION, got %q", in.Text())
		}
		seconds, err := strconv.ParseFloat(at, 64)
		if err != nil {
			fail("bad time %q: %v", at, err)
		}
		fmt.Fprintln(out, answer(engine, db, expr, time.UnixMilli(int64(math.Round(seconds*1000)))))
	}
}

func load(db *tsdb.DB, path string) {
	text, err := os.ReadFile(path)
	if err != nil {
		fail("%v", err)
	}
	app := db.Appender(context.Background())
	for _, line := range strings.Split(string(text), "\n") {
		match := sampleLine.FindStringSubmatch(line)
		if match == nil || strings.HasPrefix(line, "#") {
			continue
		}
		builder := labels.NewScratchBuilder(8)
		builder.Add(labels.MetricName, match[1])
		for _, pair := range labelPair.FindAllStringSubmatch(match[2], -1) {
			builder.Add(pair[1], strings.ReplaceAll(pair[2], `\"`, `"`))
		}
		builder.Sort()
		value, err := strconv.ParseFloat(match[3], 64)
		if err != nil {
			fail("bad value in %q", line)
		}
		ts, err := strconv.ParseFloat(match[4], 64)
		if err != nil {
			fail("bad timestamp in %q", line)
		}
		if _, err := app.Append(0, builder.Labels(), int64(math.Round(ts*1000)), value); err != nil {
			fail("append %q: %v", line, err)
		}
	}
	if err := app.Commit(); err != nil {
		fail("commit: %v", err)
	}
}

func answer(engine *promql.Engine, db *tsdb.DB, expr string, at time.Time) string {
	query, err := engine.NewInstantQuery(context.Background(), db, nil, expr, at)
	if err != nil {
		return "error " + strings.ReplaceAll(err.Error(), "\n", " ")
	}
	defer query.Close()
	result := query.Exec(context.Background())
	if result.Err != nil {
		return "error " + strings.ReplaceAll(result.Err.Error(), "\n", " ")
	}
	vector, err := result.Vector()
	if err != nil {
		return "error " + err.Error()
	}
	if len(vector) == 0 {
		return "none"
	}
	sort.Slice(vector, func(i, j int) bool { return labels.Compare(vector[i].Metric, vector[j].Metric) < 0 })
	values := make([]string, len(vector))
	for i, sample := range vector {
		values[i] = strconv.FormatFloat(sample.F, 'g', -1, 64)
	}
	return strings.Join(values, " ")
}
