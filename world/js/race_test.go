//go:build race

package js

const raceEnabled = true
