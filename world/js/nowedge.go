//go:build !wedgetest

package js

// wedgeMarker is empty: only a wedgetest build can wedge (wedge.go).
const wedgeMarker = ""

func wedge() {}
