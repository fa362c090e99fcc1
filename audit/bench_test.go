package audit

import (
	"os"
	"testing"
)

// BenchmarkAuditRun audits the run in $AUDIT_BENCH_RUN (e.g. 100k examples
// written by `go run ./bench/export run -n 100000 -o DIR`); bench/audit.sh
// runs it end to end with peak memory.
func BenchmarkAuditRun(b *testing.B) {
	dir := os.Getenv("AUDIT_BENCH_RUN")
	if dir == "" {
		b.Skip("set AUDIT_BENCH_RUN to a run directory")
	}
	for b.Loop() {
		src, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		r, err := Audit(src, Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(r.Examples), "examples")
	}
}
