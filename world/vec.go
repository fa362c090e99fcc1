package world

import (
	"math"

	"collabcraft/world/command"
)

// Vec is an entity position (feet), in blocks.
type Vec struct{ X, Y, Z float64 }

// Block returns the block cell containing v.
func (v Vec) Block() Pos {
	return Pos{int(math.Floor(v.X)), int(math.Floor(v.Y)), int(math.Floor(v.Z))}
}

// Dist is the Euclidean distance between v and u.
func (v Vec) Dist(u Vec) float64 {
	dx, dy, dz := v.X-u.X, v.Y-u.Y, v.Z-u.Z
	return math.Sqrt(dx*dx + dy*dy + dz*dz)
}

// String is Vec3.toString(): "(x, y, z)" with JS numbers.
func (v Vec) String() string {
	return "(" + command.FormatNumber(v.X) + ", " + command.FormatNumber(v.Y) + ", " + command.FormatNumber(v.Z) + ")"
}

// String is a block position as a Vec3: "(x, y, z)".
func (p Pos) String() string { return p.Vec().String() }

func jsNum(f float64) string { return command.FormatNumber(f) }

func itoa(n int) string { return command.FormatNumber(float64(n)) }
