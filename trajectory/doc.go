// Package trajectory is the on-disk run format of collabcraft: the writer
// that `generate` records trials with, and the streaming reader that every
// later stage (filter, export, stats) uses. No other package reads runs.
//
// # Layout
//
//	runs/<run>/
//	  run.json                 the Manifest, rewritten atomically (temp file, fsync, rename)
//	  run.lock                 flock'd while a writer updates run.json
//	  trials/<file>.jsonl.zst  trial records, one file per Writer
//
// A trials file is named <UTC open time, ns>-<host>-p<pid>-<random>[-<label>]
// .jsonl.zst, so concurrent processes and shards never share a file and
// names sort by opening time. A Writer only ever appends to its own new file.
//
// # Records
//
// Each finished trial is one record, written with one write and fsynced
// before Writer.Write returns (concurrent writes share fsyncs). A record is
// two zstd frames:
//
//	skippable frame: magic 0x184D2A5C, uint32 LE length, JSON header
//	                 {trial_id, task_id, attempt, end_reason, success, score,
//	                  transitions, prompt_tokens, completion_tokens, len}
//	zstd frame:      the trial as one JSON line ending in "\n" (len bytes)
//
// Standard zstd tools skip the header frames, so `zstd -dc file` prints
// JSONL. The headers give a cheap index (ReadIndex) without decompressing.
// A file that ends inside a record (a crash mid-write) or in bytes that are
// not a record is read up to that point; the rest is skipped with a slog
// warning. So a trial is wholly in the run or not at all.
//
// # The trial line
//
// Every free text of a trial (message roles and contents, responses,
// commands, outputs, memories, history turns) is an index into the line's
// "strings" table, where each distinct text is stored once. A message list
// is a flat list of (role index, content index) pairs, so a sliding window
// of 15 turns costs a few numbers per call, and storage grows only with each
// call's new text. A "strings" entry is either a JSON string (the text
// itself) or an array of pieces that concatenate to the text: a JSON string
// (literal text), an integer k (the run blob whose id is the line's
// "blobs"[k]), or {"raw": base64} (bytes that are not valid UTF-8, which a
// JSON string cannot carry exactly). Run blobs are the static prompt parts
// (command docs, few-shot examples, template text) registered with
// Writer.AddBlobs and kept in run.json "blobs" (id = first 16 hex digits of
// the text's SHA-256); where one occurs in a text, the earliest occurrence
// (the longest on a tie) is replaced by a reference. A rendered system prompt
// thus stores only its dynamic parts (name, stats, inventory, memory). The
// reader rebuilds every message byte for byte.
//
// Other fields are plain JSON: ids, task type and split, difficulty, team,
// score/success/end_reason, error, sim_seconds, wall_seconds, started_at,
// metrics, and per transition step, kind, token counts, latency_ms, sim_time,
// finish, attempts. Difficulty values come back as JSON types (numbers as
// float64). Empty lists come back nil.
//
// # Order, supersession and resume
//
// Records are ordered by trials file name, then offset. A later record of a
// trial id supersedes every earlier one: a resumed process opens a new file,
// which sorts after the old ones, so its re-run of an errored trial wins.
// Index.Done(id) is false for unrecorded trials and for trials whose latest
// record ended with EndError; resume plays exactly those. Shards and
// processes sharing a run play disjoint trial ids; shard runs made on other
// machines are united with Merge (or read together with Open).
//
// The Reader yields the latest record of each trial id, runs in the order
// given to Open and, within a run, trial ids in byte order: deterministic
// whatever the number of workers, files or resumes. It holds the index
// (a small entry per record) and one decoded trial at a time.
//
// # Manifest
//
// run.json holds what produced the run (never secrets: WriterOptions.Secrets
// makes the writer refuse any manifest, blob or trial containing one), the
// config fingerprint (SHA-256 of the config in canonical JSON; OpenWriter
// refuses a different one with *ConfigMismatchError unless forced), blobs,
// start and end time, and Counts over the latest records, recomputed from
// the index whenever a writer closes. Blobs are written to run.json before
// any trial can refer to them, and the reader reads run.json after the
// index, so every indexed trial resolves.
package trajectory
