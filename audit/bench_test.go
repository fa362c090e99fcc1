package audit

import (
	"os"
	"syscall"
	"testing"
	"time"

	"collabcraft/filter"
)

// BenchmarkAuditRun audits the run in $AUDIT_BENCH_RUN (e.g. 100k examples
// written by `go run ./bench/export run -n 100000 -o DIR`) and reports it
// against only reading the run (decoding its trials, as export does):
// CPU per 1,000 examples, and the audit's wall and CPU time over the
// read's (the goal: 2x the read's wall on every core). CPU time
// is the steady figure on a loaded machine. bench/audit.sh runs it end
// to end with peak memory.
func BenchmarkAuditRun(b *testing.B) {
	dir := os.Getenv("AUDIT_BENCH_RUN")
	if dir == "" {
		b.Skip("set AUDIT_BENCH_RUN to a run directory")
	}
	wall0, cpu0 := time.Now(), cpuTime()
	in, err := filter.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	for _, err := range in.Trials() {
		if err != nil {
			b.Fatal(err)
		}
	}
	readWall, readCPU := time.Since(wall0), cpuTime()-cpu0
	b.ResetTimer()
	cpu0 = cpuTime()
	examples := 0
	for b.Loop() {
		src, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		r, err := Audit(src, Options{})
		if err != nil {
			b.Fatal(err)
		}
		examples += r.Examples
	}
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(cpu)/float64(time.Millisecond)/float64(examples)*1000, "cpu-ms/1k-examples")
	b.ReportMetric(float64(b.Elapsed())/float64(b.N)/float64(readWall), "x-read-wall")
	b.ReportMetric(float64(cpu)/float64(b.N)/float64(readCPU), "x-read-cpu")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
