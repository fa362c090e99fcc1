//go:build wedgetest

package js

import "time"

// wedgeMarker, in a build with the wedgetest tag, makes an execution whose
// code holds it block for good, ignoring its interrupt and its context:
// a stand-in for a builtin that never returns, with which
// cmd/collabcraft's tests check that a signal still stops the process.
// Other builds have no such code (nowedge.go).
const wedgeMarker = "/* collabcraft:wedge */"

func wedge() {
	for {
		time.Sleep(time.Hour)
	}
}
