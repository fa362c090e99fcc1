package voyager

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
)

// Skill is one skill of the library: the program's main function name,
// its code (helpers and main function) and the description Voyager keeps
// (SkillDescription: the model's answer inside an empty function).
type Skill struct {
	Name        string `json:"name"`
	Code        string `json:"code"`
	Description string `json:"description"`
	// File is the name Voyager dumps the code under: Name, or NameV2, V3,
	// ... when a skill of that name was rewritten.
	File string `json:"file"`
}

// RetrievalTopK is Voyager's skill_manager_retrieval_top_k.
const RetrievalTopK = 5

// Library is Voyager's skill library (voyager/agents/skill.py SkillManager)
// with a deterministic retrieval in place of Chroma over OpenAI
// embeddings: Okapi BM25 over the descriptions (Retrieve). Skills keep the
// order they were first added in, as the manager's dict does.
type Library struct {
	skills []Skill
	files  map[string]bool
}

// KeepsSkillOf reports whether Voyager keeps the skill of a successful task:
// the deposit tasks' skills are not reused (add_new_skill).
func KeepsSkillOf(task string) bool {
	return !strings.HasPrefix(task, "Deposit useless items into the chest at")
}

// Add keeps a skill. A skill of a name already kept is rewritten in place
// and its code dumped as NameV2, NameV3, ...; Add returns the kept skill.
func (l *Library) Add(name, code, description string) Skill {
	if l.files == nil {
		l.files = map[string]bool{}
	}
	s := Skill{Name: name, Code: code, Description: description, File: name}
	i := slices.IndexFunc(l.skills, func(s Skill) bool { return s.Name == name })
	if i >= 0 {
		v := 2
		for l.files[fmt.Sprintf("%sV%d", name, v)] {
			v++
		}
		s.File = fmt.Sprintf("%sV%d", name, v)
		l.skills[i] = s
	} else {
		l.skills = append(l.skills, s)
	}
	l.files[s.File] = true
	return s
}

// Skills are the kept skills in the order first added.
func (l *Library) Skills() []Skill { return slices.Clone(l.skills) }

// Len is the number of skills kept.
func (l *Library) Len() int { return len(l.skills) }

// Programs is the library's code as the manager's programs property lists
// it before the control primitives: each skill's code and a blank line.
func (l *Library) Programs() string {
	var b strings.Builder
	for _, s := range l.skills {
		b.WriteString(s.Code + "\n\n")
	}
	return b.String()
}

// BM25's parameters: the usual Okapi values.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// Retrieve returns the code of up to k skills whose descriptions best match
// query, best first, as retrieve_skills hands them to the action prompt.
//
// Voyager ranks by the distance of OpenAI embeddings in Chroma. An
// embedding model is a remote service whose vectors change with its
// version, so a run could not be replayed; BM25 is exact arithmetic on the
// texts, needs no model, and ranks short descriptions well by the words
// they share with the query (Voyager's query is the task's context, plus
// what the chat log says is missing). Like Chroma, it returns min(k, Len())
// skills even when few words match; ties keep the library's order.
func (l *Library) Retrieve(query string, k int) []string {
	k = min(k, len(l.skills))
	if k <= 0 {
		return nil
	}
	docs := make([][]string, len(l.skills))
	df := map[string]int{}
	total := 0
	for i, s := range l.skills {
		docs[i] = Terms(s.Description)
		total += len(docs[i])
		seen := map[string]bool{}
		for _, t := range docs[i] {
			if !seen[t] {
				seen[t] = true
				df[t]++
			}
		}
	}
	avg := float64(total) / float64(len(docs))
	n := float64(len(docs))
	q := Terms(query)
	scores := make([]float64, len(docs))
	for i, d := range docs {
		tf := map[string]int{}
		for _, t := range d {
			tf[t]++
		}
		norm := bm25K1 * (1 - bm25B + bm25B*float64(len(d))/max(avg, 1))
		for _, t := range q {
			f := float64(tf[t])
			if f == 0 {
				continue
			}
			idf := math.Log(1 + (n-float64(df[t])+0.5)/(float64(df[t])+0.5))
			scores[i] += idf * f * (bm25K1 + 1) / (f + norm)
		}
	}
	order := make([]int, len(docs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case scores[a] > scores[b]:
			return -1
		case scores[a] < scores[b]:
			return 1
		}
		return 0
	})
	out := make([]string, k)
	for i := range out {
		out[i] = l.skills[order[i]].Code
	}
	return out
}

// Terms are the words BM25 compares: lower-case runs of letters and
// digits, camelCase names split into their words (mineWoodLog: mine, wood,
// log), a plural's final s dropped (logs: log), and the words every
// description shares (async, function, bot, the) left out.
func Terms(text string) []string {
	var out []string
	var word []rune
	flush := func() {
		if len(word) == 0 {
			return
		}
		w := string(word)
		word = word[:0]
		if stopWords[w] {
			return
		}
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = w[:len(w)-1]
		}
		out = append(out, w)
	}
	runes := []rune(text)
	for i, r := range runes {
		switch {
		case unicode.IsUpper(r):
			if i > 0 && unicode.IsLower(runes[i-1]) {
				flush()
			}
			word = append(word, unicode.ToLower(r))
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			word = append(word, r)
		default:
			flush()
		}
	}
	flush()
	return out
}

var stopWords = map[string]bool{
	"async": true, "function": true, "bot": true, "the": true, "a": true, "an": true, "and": true,
	"of": true, "to": true, "in": true, "it": true, "is": true, "if": true, "then": true, "with": true,
	"for": true, "by": true, "on": true, "at": true, "from": true, "this": true, "its": true, "i": true,
}

// ReadSkillCall reads a skill back from a recorded skill-description call:
// its messages (SkillDescriptionMessages) and the model's answer. A run
// records the library this way, one call per kept skill, so replaying a
// run's calls in order rebuilds it (Add).
func ReadSkillCall(messages []Message, answer string) (name, code, description string, err error) {
	if len(messages) != 2 || messages[0].Content != skillPrompt {
		return "", "", "", fmt.Errorf("voyager: not a skill description call: want the skill prompt and one user message, have %d messages", len(messages))
	}
	user := messages[1].Content
	const mark = "\n\nThe main function is `"
	i := strings.LastIndex(user, mark)
	if i < 0 || !strings.HasSuffix(user, "`.") {
		return "", "", "", fmt.Errorf("voyager: skill description call: the user message does not end with %q", "The main function is `name`.")
	}
	name = user[i+len(mark) : len(user)-2]
	code = user[:i]
	return name, code, SkillDescription(name, answer), nil
}
