// Package export writes datasets that fine-tuning tools load as they are:
// Parquet (the Hugging Face layout), OpenAI chat JSONL, ShareGPT JSONL with a
// LLaMA-Factory registration, and an Arrow directory for
// datasets.load_from_disk, plus a dataset card and a provenance manifest.
//
// The input is a stream of Examples (one model call, or one agent's episode).
// Write reads the stream twice, first to hash every example for exact
// de-duplication across splits, then to write; memory holds one row group per
// open file and the hash set, never the dataset. Splits are decided per task,
// never per row, and the whole dataset appears at its destination in one
// rename, so an interrupted export leaves nothing half-written there.
package export
