// Package pipeline holds what `collabcraft pipeline` needs besides the
// stages themselves: the config (typed procgen section, stage sections as
// flag maps checked against each stage's own flags), the built-in presets,
// the layout of the output directory, dry-run counts, and stage stamps
// that let a rerun skip the stages whose inputs have not changed.
//
// The stages run in cmd/collabcraft, which owns their flags.
package pipeline
