//go:build !unix

package pipeline

import "time"

// Without getrusage the costs show wall time only.
func processCPU() time.Duration { return 0 }
func resetPeakRSS()             {}
func peakRSS() int64            { return 0 }
