// Package command holds MINDcraft's command table as data and its text
// grammar: finding `!name(args)` in a model response, checking and
// converting the arguments with MINDcraft's exact error texts, and
// rendering the $COMMAND_DOCS block. It knows nothing about the world.
package command

// Type is a parameter's declared type in MINDcraft's command table.
type Type int

const (
	String    Type = iota // kept as typed; a bare 5 becomes "5"
	Int                   // JS parseInt
	Float                 // JS parseFloat
	Bool                  // false|f|0|off / true|t|1|on
	BlockName             // a block name ("air" allowed); "...plank" gets an "s"
	ItemName              // an item name; "...plank" gets an "s"
)

// docName is the type as getCommandDocs prints it.
func (t Type) docName() string {
	switch t {
	case Int, Float:
		return "number"
	case Bool:
		return "bool"
	}
	return "string"
}

// errName is the type as the "must be of type" error prints it.
func (t Type) errName() string {
	switch t {
	case Int:
		return "int"
	case Float:
		return "float"
	case Bool:
		return "boolean"
	}
	return "string"
}

// Kind says how a command's result is wrapped for the agent.
type Kind int

const (
	Query  Kind = iota // result padded "\n"+s+"\n"
	Action             // result wrapped as "Code output:\n"+log (dialect dependent)
	Plain              // result returned as is
)

// MaxSafe is JavaScript's Number.MAX_SAFE_INTEGER, the upper bound of most
// integer domains.
const MaxSafe = 9007199254740991

// Domain is a numeric range [Lo, Hi) (MINDcraft's default domain type).
type Domain struct{ Lo, Hi float64 }

// Contains reports whether v lies in [Lo, Hi).
func (d Domain) Contains(v float64) bool { return v >= d.Lo && v < d.Hi }

// Param is one declared parameter.
type Param struct {
	Name   string
	Type   Type
	Desc   string
	Domain *Domain // nil: unchecked
}

// Spec is one command of the table.
type Spec struct {
	Name   string // with the leading "!"
	Desc   string
	Kind   Kind
	Params []Param
	// HasParams is true when the command declares a params object, even an
	// empty one: the docs then print "Params:" (e.g. !viewChest).
	HasParams bool
	// Unblockable commands stay even when a task blocks them.
	Unblockable bool
}
