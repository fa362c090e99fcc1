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
//	                  transitions, prompt_tokens, completion_tokens, len,
//	                  data_crc32c, file, seq, crc}
//	zstd frame:      the trial as one JSON line ending in "\n" (len bytes,
//	                 with zstd's content checksum)
//
// Standard zstd tools skip the header frames, so `zstd -dc file` prints
// JSONL. The headers give a cheap index (ReadIndex) without decompressing.
// data_crc32c is the CRC-32C of the zstd frame; file is the trials file the
// record was written to (its name without .jsonl.zst) and seq its place
// there (0, 1, ...); crc, always the last field, is the CRC-32C (8 hex
// digits) of the 4-byte length prefix followed by the header as it would
// be without that field (its bytes up to `,"crc":"`, then `}`).
//
// Run format 1 (run.json "format": 1, written up to 0c9b387) had headers
// ending in data_crc32c and a decimal crc32c over the header alone, and no
// file or seq; records before those checksums (at 4e235dd and earlier)
// have none. Both are read as they are (unverified where they have no
// checksum), and a run of format 1 becomes format 2 when a writer, Merge
// or Repair next writes it; its old records stay as they are.
//
// # Seals
//
// When a writer closes its file, run.json seals it (Manifest.Files: its
// length and the trial of each place, FileSeal); the file of a writer that
// died is sealed as it is by the next writer of the run, the end its
// writer left cut short noted as such. Only the run's newest file can be
// unsealed. Run format 1 has no seals, only the counts its last writer
// left.
//
// # Damage
//
// The checksums let a reader trust a header, see a damaged data frame or
// length prefix without decompressing anything, and resynchronise after
// damage at the next header that checks out: damage costs only the
// records it touches. Every byte of a trials file is an intact record of
// the file or part of a Damage, and every record a seal names is one of
// those or a Damage that names it (Missing when its bytes are gone). A
// record of another file (spliced or copied in) or bytes past a sealed
// end are Damage too (Foreign, Extra), never read as the run's. The end of
// the run's newest, unsealed file cut inside a record was a crash while
// writing: that Damage is Interrupted, its trial never acknowledged, and
// the rest is read with a slog warning; a sealed file cut short, or a file
// of format 1 with fewer records than run.json counted, lost records. So a
// trial is wholly in the run or not at all, and loss is named as loss. A
// damaged record whose trial a later record replaced is Superseded. Blobs
// are held to their ids: a record needing a blob run.json lacks, or holds
// changed, is Damage (Blob) whose bytes are intact. Any damage but
// Interrupted or Superseded (Damage.Benign) fails Open with a *DamageError
// naming the records and the fix (collabcraft check --repair, or
// generate again for blobs), unless OpenOptions.SkipDamaged, with which
// Reader.Damaged lists what was skipped. A trial whose latest record is
// damaged or missing is not in the Index, so resume plays it again. Check
// verifies every record (headers, checksums, decoding, seals, blobs);
// Repair rewrites damaged files as their intact records, moves the damaged
// bytes aside (never a record that only needs a blob), seals the files as
// they are and notes in run.json what was lost (Manifest.Repairs). A
// writer refuses a run of format 1 with fewer records than its counts
// until it is repaired, so no count is rewritten over a loss. Damage to
// the data of a record without checksums shows only when it is decoded
// (Trials, Check).
//
// # The trial line
//
// Every free text of a trial (message roles and contents, responses,
// scripted originals, commands, outputs, memories, history turns) is an
// index into the line's "strings" table, where each distinct text is stored
// once. A message list is a flat list of (role index, content index) pairs,
// so a sliding window of 15 turns costs a few numbers per call, and storage
// grows only with each call's new text. A "strings" entry is either a JSON
// string (the text itself) or an array of pieces that concatenate to the
// text: a JSON string (literal text), an integer k (the run blob whose id is
// the line's "blobs"[k]), or {"raw": base64} (bytes that are not valid
// UTF-8, which a JSON string cannot carry exactly). Run blobs are the static
// prompt parts (command docs, few-shot examples, template text) registered
// with Writer.AddBlobs and kept in run.json "blobs" (id = first 16 hex
// digits of the text's SHA-256); where one occurs in a text, the earliest
// occurrence (the longest on a tie) is replaced by a reference. A rendered
// system prompt thus stores only its dynamic parts (name, stats, inventory,
// memory). The reader rebuilds every message byte for byte.
//
// Other fields are plain JSON: ids, task type and split, difficulty, team,
// score/success/end_reason, error, sim_seconds, wall_seconds, started_at,
// metrics, and per transition step, kind, token counts, latency_ms, sim_time,
// finish, attempts. Difficulty values come back as JSON types (numbers as
// float64). Empty lists come back nil.
//
// A field added to the line later is optional, so the record version ("v",
// 1) stays: a line without it reads as before, and an older build ignores
// it. So far: a transition's "scripted" (the string index of
// Transition.Scripted, the scripted response a voice model rewrote; absent
// when it is ""), added after 46a0020; a transition's "sim_latency_ms"
// (Transition.SimLatency, the latency model's draw, whole milliseconds;
// absent when no model was on), added with generate --latency.
//
// # Order, supersession and resume
//
// Records are ordered by trials file name, then offset. A later record of a
// trial id supersedes every earlier one: a resumed process opens a new file,
// which sorts after the old ones, so its re-run of an errored trial wins.
// Index.Done(id) is false for unrecorded trials, for trials whose latest
// record is damaged, and for trials whose latest record ended with
// EndError; resume plays exactly those. Shards write their own runs, united
// with Merge (or read together with Open); Merge refuses a set of shard runs
// (files labelled shard-I-of-N) that leaves out shards, unless
// MergeOptions.Partial.
//
// The Reader yields the latest record of each trial id, runs in the order
// given to Open and, within a run, trial ids in byte order: deterministic
// whatever the number of workers, files or resumes. It holds the index
// (a small entry per record) and one decoded trial at a time. A decoded
// trial's texts share one buffer with the whole record, its other strings
// (ids, type, split, difficulty, team, names, kinds, roles) do not (see
// Trial): a reader that keeps those per task or group stays as small as
// its counters.
//
// # Manifest
//
// run.json holds what produced the run (never secrets: WriterOptions.Secrets
// makes the writer refuse any manifest, blob or trial containing one), the
// config fingerprint (SHA-256 of the config in canonical JSON; OpenWriter
// refuses a different one with *ConfigMismatchError unless forced), blobs,
// start and end time, Counts over the latest records, recomputed from the
// index whenever a writer closes, the files' seals and the repair notes. Blobs are written to run.json before
// any trial can refer to them, and the reader reads run.json after the
// index, so every indexed trial resolves.
package trajectory
