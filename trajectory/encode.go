package trajectory

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
	"unsafe"

	"collabcraft/plainjson"

	gojson "github.com/goccy/go-json"
)

// recordVersion is the version of one trial line ("v" in the line).
const recordVersion = 1

// wireTrial is one line of a trials file. Every free text (message roles
// and contents, responses, outputs, commands, memories) is an index into
// Strings, so a text repeated across calls is stored once per trial.
type wireTrial struct {
	V           int                `json:"v"`
	TrialID     string             `json:"trial_id"`
	TaskID      string             `json:"task_id"`
	Attempt     int                `json:"attempt"`
	Seed        uint64             `json:"seed"`
	TaskType    string             `json:"task_type"`
	Split       string             `json:"split,omitempty"`
	Org         string             `json:"org,omitempty"` // absent: p2p
	Difficulty  map[string]any     `json:"difficulty,omitempty"`
	Team        []wireMember       `json:"team"`
	Score       float64            `json:"score"`
	Success     bool               `json:"success"`
	EndReason   string             `json:"end_reason"`
	Error       string             `json:"error,omitempty"`
	SimSeconds  float64            `json:"sim_seconds"`
	WallSeconds float64            `json:"wall_seconds"`
	StartedAt   time.Time          `json:"started_at"`
	Metrics     map[string]float64 `json:"metrics,omitempty"`
	Blobs       []string           `json:"blobs,omitempty"` // run blob ids that Strings refer to by position
	Agents      []wireAgent        `json:"agents"`
	Strings     []json.RawMessage  `json:"strings"` // last in the line; the writer splices it in
}

type wireMember struct {
	Name    string `json:"name"`
	Backend string `json:"backend"`
	Model   string `json:"model,omitempty"`
	Role    string `json:"role,omitempty"` // absent: an agent
}

type wireAgent struct {
	Name        string           `json:"name"`
	Memory      int              `json:"memory"`
	History     []int            `json:"history"` // role, content pairs
	Transitions []wireTransition `json:"transitions"`
}

type wireTransition struct {
	Step             int     `json:"step"`
	Kind             string  `json:"kind"`
	Msgs             []int   `json:"msgs"` // role, content pairs
	Resp             int     `json:"resp"`
	Scripted         *int    `json:"scripted,omitempty"` // absent: Transition.Scripted is ""
	Command          int     `json:"command"`
	Output           int     `json:"output"`
	PromptTokens     int     `json:"prompt_tokens"`
	CompletionTokens int     `json:"completion_tokens"`
	LatencyMS        float64 `json:"latency_ms"`
	SimTime          float64 `json:"sim_time"`
	SimLatencyMS     int64   `json:"sim_latency_ms,omitempty"` // absent: no latency model
	Finish           string  `json:"finish,omitempty"`
	Attempts         int     `json:"attempts,omitempty"`
}

// rawPiece holds text that is not valid UTF-8 (JSON strings cannot carry it
// byte for byte), base64-encoded.
type rawPiece struct {
	Raw []byte `json:"raw"`
}

// tableEncoder builds a trial's string table.
type tableEncoder struct {
	blobs   *blobSet
	index   map[string]int
	byPtr   map[strKey]int // index by string identity: a window's turns are the same strings call after call, and this skips hashing their text
	n       int            // entries so far
	table   []byte         // the entries as JSON, comma-separated
	local   map[int]int    // blobSet index -> position in usedIDs
	usedIDs []string
	err     error

	buf bytes.Buffer  // scratch for enc
	enc *json.Encoder // writes to buf; HTML escaping off
}

// strKey identifies a string by its bytes' address and length: equal keys
// mean equal texts (strings are immutable), so no hashing of the text.
type strKey struct {
	p *byte
	n int
}

func newTableEncoder(bs *blobSet) *tableEncoder {
	e := &tableEncoder{blobs: bs, index: map[string]int{}, byPtr: map[strKey]int{}, local: map[int]int{}}
	e.enc = json.NewEncoder(&e.buf)
	e.enc.SetEscapeHTML(false)
	return e
}

// encoders recycles table encoders (their maps and buffers) across trials.
var encoders sync.Pool

func getTableEncoder(bs *blobSet) *tableEncoder {
	e, ok := encoders.Get().(*tableEncoder)
	if !ok {
		return newTableEncoder(bs)
	}
	e.blobs = bs
	return e
}

// release returns e to the pool, dropping every reference to the trial.
func (e *tableEncoder) release() {
	if cap(e.table) > 4<<20 {
		return // an outlier: let it go rather than pin its memory
	}
	clear(e.index)
	clear(e.byPtr)
	clear(e.local)
	e.blobs, e.n, e.table, e.usedIDs, e.err = nil, 0, e.table[:0], nil, nil
	e.buf.Reset()
	encoders.Put(e)
}

// str returns the table index of s, adding it on first sight.
func (e *tableEncoder) str(s string) int {
	key := strKey{unsafe.StringData(s), len(s)}
	if len(s) >= 64 {
		if i, ok := e.byPtr[key]; ok {
			return i
		}
	}
	if i, ok := e.index[s]; ok {
		if len(s) >= 64 {
			e.byPtr[key] = i
		}
		return i
	}
	if e.n > 0 {
		e.table = append(e.table, ',')
	}
	pieces := e.blobs.split(s)
	if len(pieces) == 1 && pieces[0].blob < 0 && utf8.ValidString(s) {
		e.table = e.appendString(e.table, s)
	} else {
		// An array of pieces, as encoding/json writes []any of ints,
		// strings and rawPiece.
		e.table = append(e.table, '[')
		for k, p := range pieces {
			if k > 0 {
				e.table = append(e.table, ',')
			}
			switch {
			case p.blob >= 0:
				l, ok := e.local[p.blob]
				if !ok {
					l = len(e.usedIDs)
					e.local[p.blob] = l
					e.usedIDs = append(e.usedIDs, e.blobs.ids[p.blob])
				}
				e.table = strconv.AppendInt(e.table, int64(l), 10)
			case utf8.ValidString(p.text):
				e.table = e.appendString(e.table, p.text)
			default:
				e.table = e.appendJSON(e.table, rawPiece{Raw: []byte(p.text)})
			}
		}
		e.table = append(e.table, ']')
	}
	i := e.n
	e.n++
	e.index[s] = i
	if len(s) >= 64 {
		e.byPtr[key] = i
	}
	return i
}

// appendString appends s (valid UTF-8) as encoding/json writes it without
// HTML escaping. Texts with nothing to escape, the usual case, skip the
// encoder.
func (e *tableEncoder) appendString(dst []byte, s string) []byte {
	if plainJSON(s) {
		dst = append(dst, '"')
		dst = append(dst, s...)
		return append(dst, '"')
	}
	return e.appendJSON(dst, s)
}

// plainJSON reports whether encoding/json writes valid UTF-8 s as is
// between quotes: no control bytes, quotes, backslashes, U+2028 or U+2029.
func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c == '"' || c == '\\':
			return false
		case c == 0xE2 && i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9):
			return false
		}
	}
	return true
}

func (e *tableEncoder) appendJSON(dst []byte, v any) []byte {
	e.buf.Reset()
	if err := e.enc.Encode(v); err != nil {
		if e.err == nil {
			e.err = err
		}
		return append(dst, "null"...)
	}
	return append(dst, bytes.TrimSuffix(e.buf.Bytes(), []byte("\n"))...)
}

func (e *tableEncoder) msgs(ms []Message) []int {
	out := make([]int, 0, 2*len(ms))
	for _, m := range ms {
		out = append(out, e.str(m.Role), e.str(m.Content))
	}
	return out
}

// checkUTF8 refuses metadata strings that JSON could not store exactly.
func checkUTF8(t *Trial) error {
	bad := func(field, s string) error {
		if utf8.ValidString(s) {
			return nil
		}
		return fmt.Errorf("trajectory: trial %q: %s is not valid UTF-8", t.TrialID, field)
	}
	for _, f := range [][2]string{{"trial id", t.TrialID}, {"task id", t.TaskID}, {"task type", t.TaskType}, {"split", t.Split}, {"end reason", t.Outcome.EndReason}} {
		if err := bad(f[0], f[1]); err != nil {
			return err
		}
	}
	for _, m := range t.Team {
		if err := bad("team member", m.Name+m.Backend+m.Model+m.Role); err != nil {
			return err
		}
	}
	for _, a := range t.Agents {
		if err := bad("agent name", a.Name); err != nil {
			return err
		}
		for _, tr := range a.Transitions {
			if err := bad("transition kind", tr.Kind); err != nil {
				return err
			}
			if err := bad("finish reason", tr.FinishReason); err != nil {
				return err
			}
		}
	}
	return nil
}

// encodeTrial turns a trial into its wire form, one JSON line ending in "\n".
func encodeTrial(t *Trial, bs *blobSet) ([]byte, error) {
	if t.TrialID == "" {
		return nil, fmt.Errorf("trajectory: trial of task %q has no trial id", t.TaskID)
	}
	if err := checkUTF8(t); err != nil {
		return nil, err
	}
	e := getTableEncoder(bs)
	defer e.release()
	w := &wireTrial{
		V: recordVersion, TrialID: t.TrialID, TaskID: t.TaskID, Attempt: t.Attempt, Seed: t.Seed,
		TaskType: t.TaskType, Split: t.Split, Org: t.Org, Difficulty: t.Difficulty,
		Score: t.Outcome.Score, Success: t.Outcome.Success, EndReason: t.Outcome.EndReason,
		Error:      string(bytes.ToValidUTF8([]byte(t.Error), []byte("\uFFFD"))),
		SimSeconds: t.SimSeconds, WallSeconds: t.WallSeconds, StartedAt: t.StartedAt.UTC(),
		Metrics: t.Metrics,
		Team:    make([]wireMember, len(t.Team)),
		Agents:  make([]wireAgent, len(t.Agents)),
	}
	for i, m := range t.Team {
		w.Team[i] = wireMember(m)
	}
	for i, a := range t.Agents {
		wa := wireAgent{Name: a.Name, Memory: e.str(a.Memory), History: e.msgs(a.History),
			Transitions: make([]wireTransition, len(a.Transitions))}
		for j, tr := range a.Transitions {
			wa.Transitions[j] = wireTransition{
				Step: tr.Step, Kind: tr.Kind, Msgs: e.msgs(tr.Messages),
				Resp: e.str(tr.Response), Command: e.str(tr.Command), Output: e.str(tr.Output),
				PromptTokens: tr.Usage.PromptTokens, CompletionTokens: tr.Usage.CompletionTokens,
				LatencyMS: float64(tr.Latency) / float64(time.Millisecond),
				SimTime:   tr.SimTime, Finish: tr.FinishReason, Attempts: tr.Attempts,
				SimLatencyMS: tr.SimLatency.Milliseconds(),
			}
			if tr.Scripted != "" {
				k := e.str(tr.Scripted)
				wa.Transitions[j].Scripted = &k
			}
		}
		w.Agents[i] = wa
	}
	if e.err != nil {
		return nil, fmt.Errorf("trajectory: trial %q: %w", t.TrialID, e.err)
	}
	w.Blobs = e.usedIDs
	// The entries are JSON already: splice them in rather than have
	// encoding/json validate and re-compact every one (a third of the cost).
	w.Strings = []json.RawMessage{}
	line, err := plainjson.Marshal(w)
	if err != nil {
		return nil, fmt.Errorf("trajectory: trial %q: %w", t.TrialID, err)
	}
	if !bytes.HasSuffix(line, []byte(`"strings":[]}`)) {
		return nil, fmt.Errorf("trajectory: trial %q: unexpected encoding", t.TrialID)
	}
	out := make([]byte, 0, len(line)+len(e.table)+1)
	out = append(out, line[:len(line)-2]...)
	out = append(out, e.table...)
	return append(out, "]}\n"...), nil
}

// missingBlobError is a trial line that refers to a blob the run's
// manifest lacks, or holds changed (readers drop blobs whose text no
// longer matches their id).
type missingBlobError struct{ trial, id string }

func (e *missingBlobError) Error() string {
	return fmt.Sprintf("trial %q: needs blob %s, which run.json lacks or holds changed", e.trial, e.id)
}

// decodeTrial rebuilds a trial from one line; blobs resolves blob ids.
func decodeTrial(line []byte, blobs map[string]string) (*Trial, error) {
	var in struct {
		wireTrial
		Strings []any `json:"strings"` // decoded in the same pass as the line
	}
	if err := unmarshalLine(line, &in); err != nil {
		return nil, err
	}
	w := &in.wireTrial
	if w.V != recordVersion {
		return nil, fmt.Errorf("trial %q: record version %d, this build reads %d", w.TrialID, w.V, recordVersion)
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("trial %q: "+format, append([]any{w.TrialID}, args...)...)
	}
	blobTexts := make([]string, len(w.Blobs))
	for i, id := range w.Blobs {
		text, ok := blobs[id]
		if !ok {
			return nil, &missingBlobError{trial: w.TrialID, id: id}
		}
		blobTexts[i] = text
	}
	strs := make([]string, len(in.Strings))
	for i, raw := range in.Strings {
		s, err := decodeEntry(raw, blobTexts)
		if err != nil {
			return nil, fail("strings[%d]: %v", i, err)
		}
		strs[i] = s
	}
	str := func(i int) (string, error) {
		if i < 0 || i >= len(strs) {
			return "", fail("string index %d out of range [0, %d)", i, len(strs))
		}
		return strs[i], nil
	}
	msgs := func(pairs []int) ([]Message, error) {
		if len(pairs)%2 != 0 {
			return nil, fail("odd message index list (%d entries)", len(pairs))
		}
		if len(pairs) == 0 {
			return nil, nil // empty lists come back nil
		}
		out := make([]Message, len(pairs)/2)
		for k := range out {
			r, err := str(pairs[2*k])
			if err != nil {
				return nil, err
			}
			c, err := str(pairs[2*k+1])
			if err != nil {
				return nil, err
			}
			out[k] = Message{Role: ownRole(r), Content: c}
		}
		return out, nil
	}
	// The decoder's strings share one buffer, the whole line: the fields a
	// reader groups and counts by get memory of their own (see Trial).
	t := &Trial{
		TrialID: strings.Clone(w.TrialID), TaskID: strings.Clone(w.TaskID), Attempt: w.Attempt, Seed: w.Seed,
		TaskType: strings.Clone(w.TaskType), Split: strings.Clone(w.Split), Org: ownOrg(w.Org), Difficulty: ownMap(w.Difficulty),
		Outcome: Outcome{Score: w.Score, Success: w.Success, EndReason: ownEndReason(w.EndReason)},
		Error:   strings.Clone(w.Error), SimSeconds: w.SimSeconds, WallSeconds: w.WallSeconds,
		StartedAt: w.StartedAt, Metrics: ownKeys(w.Metrics),
	}
	if len(w.Team) > 0 {
		t.Team = make([]Member, len(w.Team))
	}
	if len(w.Agents) > 0 {
		t.Agents = make([]Agent, len(w.Agents))
	}
	for i, m := range w.Team {
		t.Team[i] = Member{Name: strings.Clone(m.Name), Backend: strings.Clone(m.Backend), Model: strings.Clone(m.Model), Role: strings.Clone(m.Role)}
	}
	var err error
	for i, wa := range w.Agents {
		a := Agent{Name: strings.Clone(wa.Name)}
		if len(wa.Transitions) > 0 {
			a.Transitions = make([]Transition, len(wa.Transitions))
		}
		if a.Memory, err = str(wa.Memory); err != nil {
			return nil, err
		}
		if a.History, err = msgs(wa.History); err != nil {
			return nil, err
		}
		for j, wt := range wa.Transitions {
			tr := Transition{
				Step: wt.Step, Kind: ownKind(wt.Kind),
				Usage:   Usage{PromptTokens: wt.PromptTokens, CompletionTokens: wt.CompletionTokens},
				Latency: time.Duration(math.Round(wt.LatencyMS * float64(time.Millisecond))),
				SimTime: wt.SimTime, FinishReason: ownFinish(wt.Finish), Attempts: wt.Attempts,
				SimLatency: time.Duration(wt.SimLatencyMS) * time.Millisecond,
			}
			if tr.Messages, err = msgs(wt.Msgs); err != nil {
				return nil, err
			}
			if tr.Response, err = str(wt.Resp); err != nil {
				return nil, err
			}
			if wt.Scripted != nil {
				if tr.Scripted, err = str(*wt.Scripted); err != nil {
					return nil, err
				}
			}
			if tr.Command, err = str(wt.Command); err != nil {
				return nil, err
			}
			if tr.Output, err = str(wt.Output); err != nil {
				return nil, err
			}
			a.Transitions[j] = tr
		}
		t.Agents[i] = a
	}
	return t, nil
}

// ownRole, ownKind, ownFinish and ownEndReason return s in memory of its
// own: the constant for a usual value (no allocation), else a copy.
func ownRole(s string) string {
	switch s {
	case "system":
		return "system"
	case "user":
		return "user"
	case "assistant":
		return "assistant"
	}
	return strings.Clone(s)
}

func ownKind(s string) string {
	switch s {
	case KindConversation:
		return KindConversation
	case KindMemory:
		return KindMemory
	case KindCoding:
		return KindCoding
	case KindBotResponder:
		return KindBotResponder
	case KindDispatch:
		return KindDispatch
	}
	return strings.Clone(s)
}

func ownFinish(s string) string {
	switch s {
	case "stop":
		return "stop"
	case "length":
		return "length"
	}
	return strings.Clone(s)
}

func ownEndReason(s string) string {
	switch s {
	case EndSuccess:
		return EndSuccess
	case EndTimeout:
		return EndTimeout
	case EndTurnCap:
		return EndTurnCap
	case EndError:
		return EndError
	case EndCanceled:
		return EndCanceled
	}
	return strings.Clone(s)
}

// ownKeys returns m with keys of their own (nil stays nil).
func ownKeys(m map[string]float64) map[string]float64 {
	if m == nil {
		return nil
	}
	out := make(map[string]float64, len(m))
	for k, v := range m {
		out[strings.Clone(k)] = v
	}
	return out
}

// ownMap returns a decoded JSON object whose keys and strings, at any
// depth, have memory of their own (nil stays nil).
func ownMap(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[strings.Clone(k)] = ownValue(v)
	}
	return out
}

func ownValue(v any) any {
	switch v := v.(type) {
	case string:
		return strings.Clone(v)
	case map[string]any:
		return ownMap(v)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = ownValue(x)
		}
		return out
	}
	return v
}

// unmarshalLine decodes a trial line with goccy/go-json: the same results
// as encoding/json on the same structs at over twice the speed (reading is
// the floor of export). It validates less, which is safe because the
// record's zstd checksum catches damage; a decoder panic on odd input is
// turned into an error.
func unmarshalLine(line []byte, v any) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("malformed record: %v", p)
		}
	}()
	return gojson.Unmarshal(line, v)
}

// decodeEntry rebuilds one string-table entry, as encoding/json decoded
// it into an any: a string, or a list of strings, blob numbers (float64)
// and {"raw": base64} objects.
func decodeEntry(v any, blobTexts []string) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case []any:
		// One allocation for the text: sum the pieces first (a raw
		// piece's base64 length is an upper bound of its bytes).
		n := 0
		for _, p := range v {
			switch p := p.(type) {
			case string:
				n += len(p)
			case float64:
				if k := int(p); float64(k) == p && k >= 0 && k < len(blobTexts) {
					n += len(blobTexts[k])
				}
			case map[string]any:
				if raw, ok := p["raw"].(string); ok {
					n += base64.StdEncoding.DecodedLen(len(raw))
				}
			}
		}
		var sb strings.Builder
		sb.Grow(n)
		for _, p := range v {
			switch p := p.(type) {
			case string:
				sb.WriteString(p)
			case float64:
				k := int(p)
				if float64(k) != p || k < 0 || k >= len(blobTexts) {
					return "", fmt.Errorf("blob number %v out of range [0, %d)", p, len(blobTexts))
				}
				sb.WriteString(blobTexts[k])
			case map[string]any:
				raw, ok := p["raw"].(string)
				b, err := base64.StdEncoding.DecodeString(raw)
				if !ok || err != nil {
					return "", fmt.Errorf("piece %v: want {\"raw\": base64}", p)
				}
				sb.Write(b)
			default:
				return "", fmt.Errorf("piece %v: want text, blob number or {\"raw\": base64}", p)
			}
		}
		return sb.String(), nil
	default:
		return "", fmt.Errorf("want a string or an array of pieces, got %T", v)
	}
}

// ownOrg is an organisation's name with memory of its own (see Trial).
func ownOrg(s string) string {
	if s == "" {
		return ""
	}
	return strings.Clone(s)
}
