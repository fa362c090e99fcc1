package export

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// jsonlWriter writes one {dir}/{split}.jsonl per split, one example a line
// (.jsonl.gz or .jsonl.zst when compressed).
type jsonlWriter struct {
	root, dir string
	format    Format
	compress  Compression
	line      func(ex *prepared) any // the JSON value of one line
	splits    map[string]*jsonlFile
	order     []string
}

type jsonlFile struct {
	out  *sink
	name string // dir/split.jsonl[.ext], as the manifest lists it
	zw   io.WriteCloser
	bw   *bufio.Writer
	enc  *json.Encoder
	rows int64
	done *FileInfo // the file, once finished
}

// openaiLine is OpenAI's chat fine-tuning line: messages and nothing else.
type openaiLine struct {
	Messages []Message `json:"messages"`
}

// sharegptTurn and sharegptLine are LLaMA-Factory's ShareGPT format.
type sharegptTurn struct {
	From  string `json:"from"`
	Value string `json:"value"`
}

type sharegptLine struct {
	Conversations []sharegptTurn `json:"conversations"`
	System        string         `json:"system"`
}

func newOpenAIWriter(root string, c Compression) *jsonlWriter {
	return &jsonlWriter{root: root, dir: "openai", format: FormatOpenAI, compress: c, splits: map[string]*jsonlFile{},
		line: func(ex *prepared) any { return openaiLine{Messages: ex.msgs} }}
}

func newShareGPTWriter(root string) *jsonlWriter {
	return &jsonlWriter{root: root, dir: "sharegpt", format: FormatShareGPT, splits: map[string]*jsonlFile{},
		line: func(ex *prepared) any { return toShareGPT(ex.strictMsgs()) }}
}

// toShareGPT converts strict messages (system first, then human/gpt
// alternating, as LLaMA-Factory requires) to a ShareGPT line.
func toShareGPT(msgs []Message) sharegptLine {
	var line sharegptLine
	if len(msgs) > 0 && msgs[0].Role == "system" {
		line.System = msgs[0].Content
		msgs = msgs[1:]
	}
	line.Conversations = make([]sharegptTurn, len(msgs))
	for i, m := range msgs {
		from := "human"
		if m.Role == "assistant" {
			from = "gpt"
		}
		line.Conversations[i] = sharegptTurn{From: from, Value: m.Content}
	}
	return line
}

func (w *jsonlWriter) write(ex *prepared) error {
	f := w.splits[ex.split]
	if f == nil {
		dir := filepath.Join(w.root, w.dir)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		file := ex.split + ".jsonl" + w.compress.ext()
		out, err := createSink(filepath.Join(dir, file))
		if err != nil {
			return err
		}
		zw, err := w.compress.compressor(out)
		if err != nil {
			out.f.Close()
			return fmt.Errorf("export: %s: %w", out.path, err)
		}
		f = &jsonlFile{out: out, name: w.dir + "/" + file, zw: zw, bw: bufio.NewWriterSize(zw, 1<<20)}
		f.enc = json.NewEncoder(f.bw)
		f.enc.SetEscapeHTML(false)
		w.splits[ex.split] = f
		w.order = append(w.order, ex.split)
	} else if f.done != nil {
		return fmt.Errorf("export: %s: a row after the split's end", f.name)
	}
	if err := f.enc.Encode(w.line(ex)); err != nil {
		return fmt.Errorf("export: %s: %w", f.name, err)
	}
	f.rows++
	return nil
}

// endSplit finishes the split's file: its rows are all written.
func (w *jsonlWriter) endSplit(split string) error {
	f := w.splits[split]
	if f == nil || f.done != nil {
		return nil
	}
	err := f.bw.Flush()
	if err == nil {
		err = f.zw.Close()
	}
	if err != nil {
		f.out.f.Close()
		return fmt.Errorf("export: %s: %w", f.out.path, err)
	}
	n, sum, err := f.out.finish()
	if err != nil {
		return err
	}
	f.done = &FileInfo{Path: f.name, Format: w.format, Split: split, Rows: f.rows, Bytes: n, SHA256: sum}
	f.zw, f.bw, f.enc = nil, nil, nil // the encoder's buffers go now
	return nil
}

func (w *jsonlWriter) close() ([]FileInfo, error) {
	var out []FileInfo
	for _, split := range w.order {
		if err := w.endSplit(split); err != nil {
			return nil, err
		}
		out = append(out, *w.splits[split].done)
	}
	return out, nil
}

func (w *jsonlWriter) abort() {
	for _, f := range w.splits {
		if f.done != nil {
			continue
		}
		f.out.f.Close()
		f.zw.Close() // frees the encoder; what it writes to the closed file is lost with it
	}
}
