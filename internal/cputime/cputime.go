// Package cputime reads the CPU time this process has used, so that
// benchmarks can report throughput per CPU second ("per core" with -cpu 1)
// besides wall-clock throughput, which other load on the machine distorts.
package cputime

import (
	"slices"
	"time"
)

// Process returns the user plus system CPU time used by this process so
// far, all threads included (so the garbage collector's work counts). ok is
// false where the platform does not report it.
func Process() (d time.Duration, ok bool) { return process() }

// PerSecond returns count divided by the CPU seconds used since start (a
// value of Process), and false when CPU time is unavailable or has not
// advanced.
func PerSecond(count float64, start time.Duration) (float64, bool) {
	end, ok := Process()
	if !ok || end <= start {
		return 0, false
	}
	return count / (end - start).Seconds(), true
}

// A Reporter is what Report needs of a benchmark: *testing.B.
type Reporter interface {
	Elapsed() time.Duration
	ReportMetric(n float64, unit string)
}

// Report reports count things done since start (a value of Process), per
// second of the benchmark's wall-clock time as "<unit>/s" and, where the
// platform tells CPU time, per CPU second as "cpu-<unit>/s".
func Report(b Reporter, count int, unit string, start time.Duration) {
	b.ReportMetric(float64(count)/b.Elapsed().Seconds(), unit+"/s")
	if v, ok := PerSecond(float64(count), start); ok {
		b.ReportMetric(v, "cpu-"+unit+"/s")
	}
}

// ReportQueries reports, for queries that took the given wall times and cpu
// of process CPU time in all, the 95th percentile of the wall times as
// "p95-ms" and, when cpu is positive, the CPU time per query as
// "cpu-ms/op". took is sorted in place.
func ReportQueries(b Reporter, took []time.Duration, cpu time.Duration) {
	if len(took) == 0 {
		return
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*95/100])/1e6, "p95-ms")
	if cpu > 0 {
		b.ReportMetric(float64(cpu)/1e6/float64(len(took)), "cpu-ms/op")
	}
}
