package export

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// shardFile is one open data file of a columnar format (Parquet, Arrow).
type shardFile interface {
	write(ex *prepared) error // adds a row to the current batch
	flush() error             // completes the batch: a row group or record batch
	close() error             // completes the file (flushing what is left)
}

// shards writes a columnar format's rows into files per split: a batch
// ends every batchRows rows or Limits.RowGroupBytes of message text, and a
// file is closed after a batch once it reaches Limits.FileBytes, or at
// Limits.FileRows rows. Files are written under temporary names and get
// their final names from the format once their number is known.
type shards struct {
	format    Format
	limits    Limits
	batchRows int64
	// create opens the i-th temporary file of a split, creating its
	// directory as needed, and starts the format in it.
	create func(split string, i int) (string, error)
	start  func(out io.Writer) shardFile
	splits splitSet[shardSplit]
}

type shardSplit struct {
	files []shard // closed files
	cur   *openShard
}

// shard is a closed file under its temporary name.
type shard struct {
	tmp    string
	rows   int64
	bytes  int64
	sha256 string
}

type openShard struct {
	file                  shardFile
	out                   *sink
	rows                  int64 // rows in the file
	batchRows, batchBytes int64 // rows and content bytes in the current batch
}

func (w *shards) write(ex *prepared) error {
	s := w.splits.get(ex.split)
	if s.cur == nil {
		tmp, err := w.create(ex.split, len(s.files))
		if err != nil {
			return err
		}
		out, err := createSink(tmp)
		if err != nil {
			return err
		}
		s.cur = &openShard{file: w.start(out), out: out}
	}
	o := s.cur
	if err := o.file.write(ex); err != nil {
		return fmt.Errorf("export: %s %s: %w", w.format, ex.split, err)
	}
	o.rows++
	o.batchRows++
	o.batchBytes += int64(ex.size)
	if o.batchRows >= w.batchRows || o.batchBytes >= w.limits.RowGroupBytes {
		// A batch is complete: flush it, then rotate if the file is big.
		o.batchRows, o.batchBytes = 0, 0
		if err := o.file.flush(); err != nil {
			return fmt.Errorf("export: %s %s: %w", w.format, ex.split, err)
		}
		if o.out.n >= w.limits.FileBytes {
			return w.closeCur(s)
		}
	}
	if w.limits.FileRows > 0 && o.rows >= w.limits.FileRows {
		return w.closeCur(s)
	}
	return nil
}

func (w *shards) closeCur(s *shardSplit) error {
	o := s.cur
	s.cur = nil
	if err := o.file.close(); err != nil {
		o.out.f.Close()
		return fmt.Errorf("export: %s: %w", o.out.path, err)
	}
	n, sum, err := o.out.finish()
	if err != nil {
		return err
	}
	s.files = append(s.files, shard{tmp: o.out.path, rows: o.rows, bytes: n, sha256: sum})
	return nil
}

// endSplit closes the split's open file: its rows are all written.
func (w *shards) endSplit(split string) error {
	if s := w.splits.byName[split]; s != nil && s.cur != nil {
		return w.closeCur(s)
	}
	return nil
}

// finish closes the open files and renames every split's files in turn to
// dir/name(split, i, n), calling each with the file's FileInfo path.
func (w *shards) finish(dir func(split string) string, name func(split string, i, n int) string,
	each func(split string, f shard, path string)) error {
	for _, split := range w.splits.order {
		s := w.splits.byName[split]
		if s.cur != nil {
			if err := w.closeCur(s); err != nil {
				return err
			}
		}
		for i, f := range s.files {
			final := name(split, i, len(s.files))
			if err := os.Rename(f.tmp, filepath.Join(dir(split), final)); err != nil {
				return fmt.Errorf("export: %w", err)
			}
			each(split, f, final)
		}
	}
	return nil
}

// abort closes the open files; the temporary directory is removed by the
// caller.
func (w *shards) abort() {
	for _, s := range w.splits.byName {
		if s.cur != nil {
			s.cur.out.f.Close()
		}
	}
}
