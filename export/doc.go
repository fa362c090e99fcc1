// Package export writes datasets that fine-tuning tools load as they are:
// Parquet (the Hugging Face layout), OpenAI chat JSONL, ShareGPT JSONL with a
// LLaMA-Factory registration, and an Arrow directory for
// datasets.load_from_disk, plus a dataset card and a provenance manifest.
//
// The input is a stream of Examples (one model call, or one agent's episode).
// Write streams it to every format at once, skipping exact duplicates; only
// if a train example is repeated in another split does it read the stream
// again, hashing it all first, so the train copy can be left out. Memory
// holds one row group per open file and the set of example hashes, never the
// dataset. Splits are decided per task,
// never per row, and the whole dataset appears at its destination in one
// rename, so an interrupted export leaves nothing half-written there.
package export
