package dag

import (
	"strings"

	"collabcraft/villager"
)

// stateManager is VillagerAgent's DataManager (pipeline/data_manager.py):
// what the planner knows of the environment, each agent's status text
// and each agent's running summary, built from the agents' status
// answers; and its two timed caches (query_env and query_env_with_task
// answer the same for 120 s).
type stateManager struct {
	env      villager.Dict // _env_data: person_info, blocks_info, sign_info, nearby_entities, time
	agents   []agentInfo   // _agent_data, most recently updated last
	history  villager.Dict // _history_data: name -> running summary, in insertion order
	lastEnv  string        // last_env_response
	envCache map[string]cached
	updates  int // statuses folded in so far
	// blockKeys holds the villager.EqualKey of every block of
	// blocks_info, so that a status's blocks are looked up, not compared
	// with every block seen (containsEqual was a fifth of a DAG cooking
	// trial's CPU); oddBlocks is set once a block without a key is kept,
	// and then each is compared as before.
	blockKeys map[string]bool
	oddBlocks bool
}

type agentInfo struct{ name, content string }

type cached struct {
	value   string
	at      ms
	updates int // statuses folded in when it was computed
}

const cacheAge = 120 * 1000 // timed_cache(max_age=120), in ms

func newStateManager() *stateManager {
	return &stateManager{
		env: villager.Dict{
			{Key: "person_info", Value: []any{}}, {Key: "blocks_info", Value: []any{}},
			{Key: "sign_info", Value: ""}, {Key: "nearby_entities", Value: []any{}}, {Key: "time", Value: nil},
		},
		history:   villager.Dict{},
		envCache:  map[string]cached{},
		blockKeys: map[string]bool{},
	}
}

func dictOf(v any) villager.Dict {
	d, _ := v.(villager.Dict)
	return d
}

func listOf(v any) []any {
	l, _ := v.([]any)
	return l
}

func field(d villager.Dict, key string) any {
	v, _ := d.Get(key)
	return v
}

// statusMessage is what update_database reads of a /post_environment_dict
// answer: its message when its status is true, else nothing.
func statusMessage(answer villager.Dict) villager.Dict {
	if villager.Truthy(field(answer, "status")) {
		return dictOf(field(answer, "message"))
	}
	return villager.Dict{}
}

// update folds one agent's status into the environment and agent data
// (update_database_init's and update_database's shared part).
func (s *stateManager) update(status villager.Dict) {
	s.updates++
	name := villager.Str(field(status, "my_name"))
	// _process_agent drops item entities from nearby_entities while
	// iterating, which skips the entity after each one dropped; the list
	// is the one _env_data keeps.
	nearby := listOf(field(status, "nearby_entities"))
	for i := 0; i < len(nearby); i++ {
		if dictOf(nearby[i]).Has("item") {
			nearby = removeFirst(nearby, nearby[i])
		}
	}
	content := s.agentContent(status, name, nearby)
	s.agents = removeAgent(s.agents, name)
	s.agents = append(s.agents, agentInfo{name, content})

	person := villager.Dict{{Key: "name", Value: field(status, "my_name")}, {Key: "position", Value: field(status, "my_position")},
		{Key: "held_items", Value: field(status, "I_held_item")}}
	people := listOf(field(s.env, "person_info"))
	for i, p := range people {
		if villager.Equal(field(dictOf(p), "name"), field(person, "name")) {
			people = append(people[:i:i], people[i+1:]...)
			break
		}
	}
	s.env = s.env.Set("person_info", append(people, person))
	blocks := listOf(field(s.env, "blocks_info"))
	for _, b := range listOf(field(status, "blocks")) {
		k, keyed := villager.EqualKey(b)
		if !s.hasBlock(blocks, b, k, keyed) {
			blocks = append(blocks, b)
			if keyed {
				s.blockKeys[k] = true
			} else {
				s.oddBlocks = true
			}
		}
	}
	s.env = s.env.Set("blocks_info", blocks)
	s.env = s.env.Set("sign_info", field(status, "sign"))
	s.env = s.env.Set("time", field(status, "timeOfDay"))
	s.env = s.env.Set("nearby_entities", nearby)
}

// agentContent is _process_agent's AGENT_INFO_STORE_FORMAT text.
func (s *stateManager) agentContent(status villager.Dict, name string, nearby []any) string {
	var names strings.Builder
	for i, ent := range nearby {
		if i != 0 {
			names.WriteString(", ")
		}
		d := dictOf(ent)
		for _, kv := range d {
			pos, ok := kv.Value.([]any)
			if !ok || len(pos) != 3 {
				continue
			}
			names.WriteString(kv.Key + " at [")
			for j, c := range pos {
				if j != 0 {
					names.WriteString(" ,")
				}
				names.WriteString(villager.Str(c))
			}
			names.WriteString("]")
			break
		}
	}
	info := villager.Template("data_prompt.NOONE_NEARBY_INFO_FORMAT")
	if len(nearby) > 0 {
		info = villager.PyFormat(villager.Template("data_prompt.SOMEONE_NEARBY_INFO_FORMAT"), map[string]string{"name_list": names.String()})
	}
	return villager.PyFormat(villager.Template("data_prompt.AGENT_INFO_STORE_FORMAT"), map[string]string{
		"name": name, "position": villager.Str(field(status, "my_position")),
		"items":       countsText(dictOf(field(status, "I_held_item"))),
		"inventory":   inventoryText(listOf(field(status, "inventory"))),
		"nearby_info": info, "blocks_info": villager.Str(field(status, "blocks")),
	})
}

// countsText is "item*n, ..." of a held-items dict, "nothing" for none.
func countsText(held villager.Dict) string {
	var parts []string
	for _, kv := range held {
		parts = append(parts, kv.Key+"*"+villager.Str(kv.Value))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// inventoryText is the same of an inventory, a list of {item: n}.
func inventoryText(inv []any) string {
	var parts []string
	for _, it := range inv {
		d := dictOf(it)
		if len(d) == 0 {
			continue
		}
		parts = append(parts, d[0].Key+"*"+villager.Str(d[0].Value))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

func removeFirst(list []any, v any) []any {
	for i := range list {
		if villager.Equal(list[i], v) {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}

// hasBlock is containsEqual(blocks, b) for the blocks_info list; k is
// b's villager.EqualKey when keyed.
func (s *stateManager) hasBlock(blocks []any, b any, k string, keyed bool) bool {
	if keyed && !s.oddBlocks {
		return s.blockKeys[k]
	}
	return containsEqual(blocks, b)
}

func containsEqual(list []any, v any) bool {
	for _, x := range list {
		if villager.Equal(x, v) {
			return true
		}
	}
	return false
}

func removeAgent(list []agentInfo, name string) []agentInfo {
	for i, a := range list {
		if a.name == name {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}

// envText is query_env's ENVIRONMENT_INFO_FORMAT text: who holds what,
// the keys of the blocks seen (deduplicated, "facing" left out; the
// separator is written only after the first block), the sign and time.
func (s *stateManager) envText() string {
	people := listOf(field(s.env, "person_info"))
	var pi strings.Builder
	if len(people) == 0 {
		pi.WriteString("There is no agent in the environment.")
	}
	for i, p := range people {
		if i != 0 {
			pi.WriteString(", ")
		}
		d := dictOf(p)
		var items []string
		for _, kv := range dictOf(field(d, "held_items")) {
			items = append(items, kv.Key)
		}
		it := strings.Join(items, ", ")
		if it == "" {
			it = "nothing"
		}
		pi.WriteString(villager.PyFormat(villager.Template("data_prompt.PERSON_INFO_FORMAT"),
			map[string]string{"name": villager.Str(field(d, "name")), "position": villager.Str(field(d, "position")), "items": it}))
	}
	var blocks strings.Builder
	seen := map[string]bool{}
	for i, b := range listOf(field(s.env, "blocks_info")) {
		for _, kv := range dictOf(b) {
			if seen[kv.Key] || kv.Key == "facing" {
				continue
			}
			seen[kv.Key] = true
			if i != 0 {
				blocks.WriteString(", ")
			}
			blocks.WriteString(kv.Key)
		}
	}
	bl := blocks.String()
	if bl == "" {
		bl = "nothing"
	}
	return villager.PyFormat(villager.Template("data_prompt.ENVIRONMENT_INFO_FORMAT"), map[string]string{
		"time": villager.Str(field(s.env, "time")), "person_info": pi.String(), "block_list": bl, "sign_info": villager.Str(field(s.env, "sign_info")),
	})
}

// queryHistory is query_history.
func (s *stateManager) queryHistory(name string) string {
	if v, ok := s.history.Get(name); ok {
		return villager.Str(v)
	}
	return "No history found."
}

// otherAgents is query_other_agent_state: every other agent's summary.
func (s *stateManager) otherAgents(name string) []any {
	var out []any
	for _, kv := range s.history {
		if kv.Key != name {
			out = append(out, kv.Value)
		}
	}
	if out == nil {
		out = []any{}
	}
	return out
}

// queryAgent is query_agent: an agent's status text.
func (s *stateManager) queryAgent(name string) string {
	for _, a := range s.agents {
		if a.name == name {
			return a.content
		}
	}
	return "No agent found."
}

func (s *stateManager) queryAgents(names []string) []any {
	out := make([]any, len(names))
	for i, n := range names {
		out[i] = s.queryAgent(n)
	}
	return out
}

// processHistory is _process_history: the latest development of an
// agent for its running summary. It turns each action's feedback status
// into a string in place, as VillagerAgent does (the reflection that
// follows shows 'True' in quotes).
func processHistory(status villager.Dict, actions []any) villager.Dict {
	var list []any
	for _, a := range actions {
		d := dictOf(a)
		fb, ok := field(d, "feedback").(villager.Dict)
		if !ok || !fb.Has("status") || !fb.Has("message") {
			continue // VillagerAgent's try/except skips a failed action's step
		}
		for i := range fb {
			if fb[i].Key == "status" {
				fb[i].Value = villager.Str(fb[i].Value)
			}
		}
		list = append(list, villager.Dict{{Key: "behavior", Value: field(dictOf(field(d, "action")), "tool")}, {Key: "feedback", Value: field(fb, "message")}})
	}
	if list == nil {
		list = []any{}
	}
	return villager.Dict{
		{Key: "name", Value: field(status, "my_name")},
		{Key: "action_list", Value: list},
		{Key: "held_items", Value: countsText(dictOf(field(status, "I_held_item")))},
		{Key: "bag(aka inventory)", Value: inventoryText(listOf(field(status, "inventory")))},
	}
}
