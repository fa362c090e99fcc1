package escape

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Pos is a block position, or an offset from a room's centre. In JSON it
// is [x, y, z].
type Pos struct{ X, Y, Z int }

// Add returns p moved by q.
func (p Pos) Add(q Pos) Pos { return Pos{p.X + q.X, p.Y + q.Y, p.Z + q.Z} }

// Sub returns p - q.
func (p Pos) Sub(q Pos) Pos { return Pos{p.X - q.X, p.Y - q.Y, p.Z - q.Z} }

// String is Python's str() of the position as a list, "[130, -60, 131]",
// the way VillagerAgent's texts print positions.
func (p Pos) String() string { return fmt.Sprintf("[%d, %d, %d]", p.X, p.Y, p.Z) }

// MarshalJSON writes [x, y, z].
func (p Pos) MarshalJSON() ([]byte, error) { return json.Marshal([3]int{p.X, p.Y, p.Z}) }

// UnmarshalJSON reads [x, y, z]; any other length is an error.
func (p *Pos) UnmarshalJSON(b []byte) error {
	var v []int
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	if len(v) != 3 {
		return fmt.Errorf("a position is [x, y, z], got %d numbers", len(v))
	}
	*p = Pos{v[0], v[1], v[2]}
	return nil
}

// Flag is a block state that may be unset (a block without it, or a
// condition that does not look at it). In JSON it is true, false or absent.
type Flag uint8

const (
	Unset Flag = iota
	False
	True
)

// FlagOf turns a bool into a set Flag.
func FlagOf(b bool) Flag {
	if b {
		return True
	}
	return False
}

// MarshalJSON writes true or false (an Unset flag is left out with omitzero).
func (f Flag) MarshalJSON() ([]byte, error) {
	switch f {
	case True:
		return []byte("true"), nil
	case False:
		return []byte("false"), nil
	}
	return []byte("null"), nil
}

// UnmarshalJSON reads true or false.
func (f *Flag) UnmarshalJSON(b []byte) error {
	var v bool
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*f = FlagOf(v)
	return nil
}

// Block is a block with the states the rules read and write, the ones
// VillagerAgent's MinecraftBlockAttribute keeps (minecraft_define.py:16-63).
// An empty state is unset. In a condition, only the set fields are checked.
type Block struct {
	Name    string `json:"name"`
	Facing  string `json:"facing,omitempty"`
	Face    string `json:"face,omitempty"`
	Hinge   string `json:"hinge,omitempty"`
	Axis    string `json:"axis,omitempty"`
	Part    string `json:"part,omitempty"`
	Open    Flag   `json:"open,omitzero"`
	Powered Flag   `json:"powered,omitzero"`
}

// Satisfies reports whether b is what want asks for: every field want sets
// is equal in b. face is never compared, as MinecraftBlockAttribute.satisfy
// leaves it out (minecraft_define.py:65-96).
func (b Block) Satisfies(want Block) bool {
	return (want.Name == "" || want.Name == b.Name) &&
		(want.Open == Unset || want.Open == b.Open) &&
		(want.Facing == "" || want.Facing == b.Facing) &&
		(want.Axis == "" || want.Axis == b.Axis) &&
		(want.Part == "" || want.Part == b.Part) &&
		(want.Hinge == "" || want.Hinge == b.Hinge) &&
		(want.Powered == Unset || want.Powered == b.Powered)
}

// inherit fills the states b leaves unset from base: an effect on a block
// the room places keeps that block's facing, hinge and so on, as
// AtomTask.generate copies the init entry's keys into the effect
// (minecraft_define.py:593-601).
func (b Block) inherit(base Block) Block {
	if b.Facing == "" {
		b.Facing = base.Facing
	}
	if b.Face == "" {
		b.Face = base.Face
	}
	if b.Hinge == "" {
		b.Hinge = base.Hinge
	}
	if b.Axis == "" {
		b.Axis = base.Axis
	}
	if b.Part == "" {
		b.Part = base.Part
	}
	if b.Open == Unset {
		b.Open = base.Open
	}
	if b.Powered == Unset {
		b.Powered = base.Powered
	}
	return b
}

// String is the block as a /setblock argument: name[state=value,...].
func (b Block) String() string {
	var s []string
	add := func(k, v string) {
		if v != "" {
			s = append(s, k+"="+v)
		}
	}
	flag := func(f Flag) string {
		switch f {
		case True:
			return "true"
		case False:
			return "false"
		}
		return ""
	}
	add("open", flag(b.Open))
	add("facing", b.Facing)
	add("face", b.Face)
	add("axis", b.Axis)
	add("part", b.Part)
	add("hinge", b.Hinge)
	add("powered", flag(b.Powered))
	if len(s) == 0 {
		return b.Name
	}
	return b.Name + "[" + strings.Join(s, ",") + "]"
}

// Kind is what a block does in an escape room.
type Kind uint8

const (
	KindBlock    Kind = iota // anything else: it only stands there
	KindAir                  // air
	KindLever                // toggled by hand, stays powered
	KindButton               // pressed by hand, powered for a moment
	KindPlate                // powered while an agent stands on it
	KindDoor                 // opened by hand unless iron
	KindTrapdoor             // opened by hand unless iron
	KindGate                 // a fence gate, opened by hand
	KindChest                // a container, perhaps locked
)

// KindOf is the kind of a block name.
func KindOf(name string) Kind {
	switch {
	case name == "air" || name == "cave_air" || name == "void_air":
		return KindAir
	case name == "lever":
		return KindLever
	case strings.HasSuffix(name, "_button"):
		return KindButton
	case strings.HasSuffix(name, "_pressure_plate"):
		return KindPlate
	case strings.HasSuffix(name, "_trapdoor"):
		return KindTrapdoor
	case strings.HasSuffix(name, "_door"):
		return KindDoor
	case strings.HasSuffix(name, "_fence_gate"):
		return KindGate
	case name == "chest" || name == "trapped_chest" || name == "barrel":
		return KindChest
	}
	return KindBlock
}

// powerable: an agent can change the block's powered state by hand or by
// standing on it.
func (k Kind) powerable() bool { return k == KindLever || k == KindButton || k == KindPlate }

// openable: the block has an open state.
func (k Kind) openable() bool { return k == KindDoor || k == KindTrapdoor || k == KindGate }

// opensByHand: wooden doors, trapdoors and gates open by hand; iron ones
// need power (ToggleAction's docstring: "iron door need to be powered").
func opensByHand(name string) bool {
	return KindOf(name).openable() && !strings.HasPrefix(name, "iron_")
}

// ButtonPress is how long a button stays powered after a press: 20 game
// ticks (1 s) for stone and polished blackstone, 30 ticks (1.5 s) for the
// wooden ones (Minecraft 1.19-1.21).
func ButtonPress(name string) time.Duration {
	if name == "stone_button" || name == "polished_blackstone_button" {
		return time.Second
	}
	return 1500 * time.Millisecond
}

// mobs are the entities an atom may summon into a room.
var mobs = map[string]bool{"sheep": true, "cow": true, "pig": true, "chicken": true, "rabbit": true}
