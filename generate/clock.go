package generate

import (
	"math"
	"strconv"
	"time"
)

// ms is simulated time in milliseconds. Integer time makes "due at the
// same moment" exact, which batching model calls relies on.
type ms int64

const never ms = math.MaxInt64

// toMS converts simulated seconds (the Config and task fields), rounding to
// the millisecond; negative or NaN durations count as zero.
func toMS(s float64) ms {
	if !(s > 0) {
		return 0
	}
	if s > 1e12 {
		return never / 2
	}
	return ms(math.Round(s * 1000))
}

// roundMS converts a duration from the world to the clock's milliseconds,
// rounding halves up; negative durations count as zero.
func roundMS(d time.Duration) ms {
	if d <= 0 {
		return 0
	}
	return ms(d.Round(time.Millisecond) / time.Millisecond)
}

// duration is t as the world's clock counts: exact.
func (t ms) duration() time.Duration { return time.Duration(t) * time.Millisecond }

func (t ms) seconds() float64 { return float64(t) / 1000 }

// formatSeconds writes t in seconds as JavaScript prints numbers (30, 0.2).
func formatSeconds(t ms) string { return strconv.FormatFloat(t.seconds(), 'f', -1, 64) }
