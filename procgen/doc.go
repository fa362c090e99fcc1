// Package procgen generates MINDcraft-compatible collaborative tasks
// (crafting, cooking, construction), splits them into train/dev/test by
// target, and reads, writes and validates task files.
//
// A task file is a JSON object mapping task ids to tasks, exactly as
// MINDcraft reads it. collabcraft adds a few fields MINDcraft ignores
// (split, seed, difficulty, generator, chest_items); unknown fields are
// kept so files from any source round-trip without loss.
package procgen
