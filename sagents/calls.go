// Package sagents is S-Agents' dialect (seed 000, arXiv:2402.04578): the
// hourglass agent's progress-monitor, task-planner and action-planner
// calls with the prompts of the paper's appendix C, the chat lines of its
// message pool ("-[HH:MM:SS] name says: '…'"), the leaves' reports of
// non-obstructive collaboration, and the readers that give each call and
// reply back as the values it was made from. S-Agents published no code:
// the user turns are laid out as the appendix's examples show their
// inputs.
package sagents

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Message is one chat message of a model call.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Statuses of the progress monitor's "Final task status".
const (
	Success = "success"
	Fail    = "fail"
	Unknown = "unknown"
)

// Line is one chat line of the message pool: when, who said it, to whom,
// what.
type Line struct {
	At      time.Duration // simulated time since the trial start
	Speaker string
	To      string
	Text    string
}

// Clock is the line's time as the chat shows it, HH:MM:SS.
func Clock(at time.Duration) string {
	s := int(at / time.Second)
	return fmt.Sprintf("%02d:%02d:%02d", s/3600, s/60%60, s%60)
}

// String is the line as the agents read it: "-[HH:MM:SS] name says: '…'".
func (l Line) String() string {
	return "-[" + Clock(l.At) + "] " + l.Speaker + " says: '" + l.Text + "'"
}

var lineRE = regexp.MustCompile(`^-\[(\d\d):(\d\d):(\d\d)\] (\S+) says: '(.*)'$`)

// parseLine reads a line back; to is the conversation it was in.
func parseLine(s, to string) (Line, bool) {
	m := lineRE.FindStringSubmatch(s)
	if m == nil {
		return Line{}, false
	}
	var h, mi, se int
	fmt.Sscan(m[1], &h)
	fmt.Sscan(m[2], &mi)
	fmt.Sscan(m[3], &se)
	return Line{At: time.Duration(h*3600+mi*60+se) * time.Second, Speaker: m[4], To: to, Text: m[5]}, true
}

// conversation writes lines grouped by the pair who talk, each pair
// headed "The conversation between A and B" (appendix C.2's input), pairs
// in the order their first line came.
func conversation(lines []Line) string {
	var order []string
	byPair := map[string][]string{}
	for _, l := range lines {
		head := "The conversation between " + l.Speaker + " and " + l.To
		if other := "The conversation between " + l.To + " and " + l.Speaker; byPair[other] != nil {
			head = other
		}
		if byPair[head] == nil {
			order = append(order, head)
		}
		byPair[head] = append(byPair[head], l.String())
	}
	var b strings.Builder
	for i, h := range order {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(h + "\n" + strings.Join(byPair[h], "\n"))
	}
	return b.String()
}

// readConversation is conversation's inverse.
func readConversation(text string) []Line {
	var out []Line
	var a, b string
	for _, s := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(s, "The conversation between "); ok {
			a, b, _ = strings.Cut(rest, " and ")
			continue
		}
		to := b
		l, ok := parseLine(s, to)
		if !ok {
			continue
		}
		if l.Speaker == b {
			l.To = a
		}
		out = append(out, l)
	}
	return out
}

// Role is a call's few-shot side: the root (a leader with employees) or
// a leaf.
func examples(root bool, rootText, leafText string) string {
	if root {
		return rootText
	}
	return leafText
}

// MonitorCall is what a progress-monitor call is made from.
type MonitorCall struct {
	Root  bool
	Task  string // the task to be inquired
	Lines []Line // the conversation since the last planning
}

// MonitorMessages are the progress monitor's call (appendix C.1).
func MonitorMessages(c MonitorCall) []Message {
	user := "The current task to be inquired: ``" + c.Task + "``\nConversation:\n" + orNone(conversation(c.Lines)) + "\nSupplies in the chest: none"
	return []Message{
		{Role: "system", Content: monitorTemplate + "\n\n" + examples(c.Root, monitorRootExample, monitorLeafExample)},
		{Role: "user", Content: user},
	}
}

// ReadMonitorCall reads a monitor call back.
func ReadMonitorCall(msgs []Message) (MonitorCall, error) {
	if len(msgs) != 2 || !strings.HasPrefix(msgs[0].Content, monitorTemplate) {
		return MonitorCall{}, errors.New("sagents: not a progress-monitor call")
	}
	u := msgs[1].Content
	rest, ok := strings.CutPrefix(u, "The current task to be inquired: ``")
	task, rest, ok2 := strings.Cut(rest, "``\nConversation:\n")
	conv, _, ok3 := strings.Cut(rest, "\nSupplies in the chest: ")
	if !ok || !ok2 || !ok3 {
		return MonitorCall{}, errors.New("sagents: a progress-monitor call's user turn is not laid out as MonitorMessages writes it")
	}
	return MonitorCall{Root: strings.HasSuffix(msgs[0].Content, monitorRootExample), Task: task, Lines: readConversation(conv)}, nil
}

// MonitorReply is the monitor's answer read back.
type MonitorReply struct{ Judgment, Status string }

// ParseMonitorReply reads "Task result judgment: …" and "Final task
// status: …"; a status other than success or fail (the paper's leaf
// example writes "failed") is read as the word it starts with, else
// unknown.
func ParseMonitorReply(text string) MonitorReply {
	var r MonitorReply
	r.Status = Unknown
	for _, l := range strings.Split(text, "\n") {
		if v, ok := strings.CutPrefix(l, "Task result judgment:"); ok {
			r.Judgment = strings.TrimSpace(v)
		}
		if v, ok := strings.CutPrefix(l, "Final task status:"); ok {
			v = strings.ToLower(strings.TrimSpace(v))
			switch {
			case strings.HasPrefix(v, Success):
				r.Status = Success
			case strings.HasPrefix(v, Fail):
				r.Status = Fail
			}
		}
	}
	return r
}

// PlannerCall is what a task-planner call is made from.
type PlannerCall struct {
	Name       string
	Employment []string // the agents it plans for (a leaf: itself)
	Root       bool
	Lines      []Line // the conversation since the last planning
	// The previous planning's objective, long-term plan and task at hand
	// ("" for none), the employers' inventory, and the monitor's status
	// of the task at hand.
	Objective, Plan, Inventory, Task, Status string
}

// PlannerMessages are the task planner's call (appendix C.2).
func PlannerMessages(c PlannerCall) []Message {
	emp := strings.Join(c.Employment, ", ")
	sys := strings.NewReplacer("{name}", c.Name, "{employment}", emp).Replace(plannerTemplate)
	var b strings.Builder
	b.WriteString("Conversation: ``` " + conversation(c.Lines) + "\n```\n\n")
	b.WriteString("Previous objective: ```" + orNone(c.Objective) + "```\n\n")
	b.WriteString("Previous long term plan: ```" + orNone(c.Plan) + "```\n\n")
	b.WriteString("Previous inventory of employers: " + c.Inventory)
	if c.Task != "" {
		b.WriteString("\n\nThe previous progress we have done is the step " + c.Task + " is " + c.Status)
	}
	return []Message{
		{Role: "system", Content: sys + "\n\n" + examples(c.Root, plannerRootExamples, plannerLeafExamples)},
		{Role: "user", Content: b.String()},
	}
}

var plannerHead = regexp.MustCompile(`^You are a Minecraft planner, your name is (.*), and you need`)
var employmentRE = regexp.MustCompile(`You now have employments (.*) in Minecraft to dispatch`)

// ReadPlannerCall reads a task-planner call back.
func ReadPlannerCall(msgs []Message) (PlannerCall, error) {
	if len(msgs) != 2 {
		return PlannerCall{}, errors.New("sagents: not a task-planner call")
	}
	m := plannerHead.FindStringSubmatch(msgs[0].Content)
	e := employmentRE.FindStringSubmatch(msgs[0].Content)
	if m == nil || e == nil {
		return PlannerCall{}, errors.New("sagents: not a task-planner call")
	}
	c := PlannerCall{Name: m[1], Employment: strings.Split(e[1], ", "), Root: strings.HasSuffix(msgs[0].Content, plannerRootExamples)}
	u := msgs[1].Content
	conv, rest, ok := strings.Cut(strings.TrimPrefix(u, "Conversation: ``` "), "\n```\n\nPrevious objective: ```")
	obj, rest, ok2 := strings.Cut(rest, "```\n\nPrevious long term plan: ```")
	plan, rest, ok3 := strings.Cut(rest, "```\n\nPrevious inventory of employers: ")
	if !ok || !ok2 || !ok3 {
		return PlannerCall{}, errors.New("sagents: a task-planner call's user turn is not laid out as PlannerMessages writes it")
	}
	inv, prog, _ := strings.Cut(rest, "\n\nThe previous progress we have done is the step ")
	c.Lines, c.Objective, c.Plan, c.Inventory = readConversation(conv), noneEmpty(obj), noneEmpty(plan), inv
	if prog != "" {
		i := strings.LastIndex(prog, " is ")
		c.Task, c.Status = prog[:i], prog[i+len(" is "):]
	}
	return c, nil
}

// Plan is a task planner's answer: its CoT sections.
type Plan struct {
	Inventory, Objective, Analysis, LongTerm, AtHand, Informer string
}

// planSections are the answer's section heads, in order; the paper's own
// examples write "Long term plan" and "Current inventory" too.
var planSections = regexp.MustCompile(`(?m)^(Current inventory of employers|Current inventory|Objective|Analysis|Long-term plan|Long term plan|The task at hand):[ \t]*\n?|^Informer is `)

// ParsePlan reads a planner's answer; a section it lacks stays "". The
// task at hand is "" when the answer says None.
func ParsePlan(text string) Plan {
	var p Plan
	locs := planSections.FindAllStringSubmatchIndex(text, -1)
	for i, l := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		body := strings.TrimSpace(text[l[1]:end])
		head := "Informer"
		if l[2] >= 0 {
			head = text[l[2]:l[3]]
		}
		switch head {
		case "Current inventory of employers", "Current inventory":
			p.Inventory = body
		case "Objective":
			p.Objective = body
		case "Analysis":
			p.Analysis = body
		case "Long-term plan", "Long term plan":
			p.LongTerm = body
		case "The task at hand":
			p.AtHand = body
		case "Informer":
			p.Informer = body
		}
	}
	if strings.EqualFold(strings.TrimSuffix(p.AtHand, "."), "none") {
		p.AtHand = ""
	}
	return p
}

// ActionCall is what an action-planner call is made from.
type ActionCall struct {
	Name, Profile string
	Employment    []string
	Root          bool
	Task          string // the task at hand
}

// ActionMessages are the action planner's call (appendix C.3).
func ActionMessages(c ActionCall) []Message {
	sys := strings.NewReplacer("{name}", c.Name, "{profile}", c.Profile, "{employment}", strings.Join(c.Employment, ", "),
		"{example}", examples(c.Root, actionRootExample, actionLeafExample)).Replace(actionTemplate)
	return []Message{{Role: "system", Content: sys}, {Role: "user", Content: "Current task:\n" + c.Task}}
}

var actionHead = regexp.MustCompile(`You are player (.*)\. Your profile is ` + "``(.*)``" + `\.\n`)
var actionEmployment = regexp.MustCompile(`When the task contains someone else's name \((.*)\), you need to`)

// ReadActionCall reads an action-planner call back.
func ReadActionCall(msgs []Message) (ActionCall, error) {
	if len(msgs) != 2 {
		return ActionCall{}, errors.New("sagents: not an action-planner call")
	}
	m := actionHead.FindStringSubmatch(msgs[0].Content)
	e := actionEmployment.FindStringSubmatch(msgs[0].Content)
	task, ok := strings.CutPrefix(msgs[1].Content, "Current task:\n")
	if m == nil || e == nil || !ok {
		return ActionCall{}, errors.New("sagents: not an action-planner call")
	}
	return ActionCall{Name: m[1], Profile: m[2], Employment: strings.Split(e[1], ", "),
		Root: strings.Contains(msgs[0].Content, actionRootExample), Task: task}, nil
}

// ParseTodos reads the action planner's JSON list of todos, as Python's
// json.loads would (the first [...] of the answer).
func ParseTodos(text string) ([]string, error) {
	i, j := strings.Index(text, "["), strings.LastIndex(text, "]")
	if i < 0 || j < i {
		return nil, errors.New("sagents: the todo list is not a JSON list")
	}
	var todos []string
	if err := json.Unmarshal([]byte(text[i:j+1]), &todos); err != nil {
		return nil, fmt.Errorf("sagents: the todo list does not parse: %w", err)
	}
	return todos, nil
}

var informRE = regexp.MustCompile(`(?i)^inform (\S+?),? (?:to )?(.+)$`)

// Inform reads a delegation todo, "inform [player] to …": the player and
// the order; ok is false for a todo the agent does itself.
func Inform(todo string) (player, order string, ok bool) {
	m := informRE.FindStringSubmatch(strings.TrimSpace(todo))
	if m == nil {
		return "", "", false
	}
	return m[1], strings.TrimSuffix(m[2], "."), true
}

func orNone(s string) string {
	if s == "" {
		return "None"
	}
	return s
}

func noneEmpty(s string) string {
	if s == "None" {
		return ""
	}
	return s
}
