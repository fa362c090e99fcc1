package dag

import (
	"slices"

	"collabcraft/villager"
)

// Subtask states (type_define/graph.py Task).
const (
	Unknown = "unknown"
	Running = "running"
	Success = "success"
	Failure = "failure"
)

// node is one subtask of the graph (VillagerAgent's Task).
type node struct {
	id          int // creation order, for the trial's record; VillagerAgent's is a uuid
	description string
	content     any // the task data its retrieval paths found (a list)
	milestones  any // as the planner wrote them (usually a list of strings)
	status      string
	candidates  []string // "candidate list" (merge) or the assigned agent (update)
	number      int      // agents it needs
	available   bool
	reflect     any      // the reflections (a Dict, or a list of them)
	preIdxs     []int    // "required subtasks", 1-based, as read
	agents      []string // who ran it (_agent)
	summary     []string // "running", then each reflection's summary (_summary)
	parents     []*node  // parent_task_list
	preds       []*node  // predecessor_task_list: open transitive predecessors
	directPreds []*node  // _direct_pre_task_list
	startedAt   ms       // when it was last assigned
}

func newNode(id int, description string, content any) *node {
	return &node{id: id, description: description, content: content, status: Unknown, number: 1, available: true, summary: []string{"running"}}
}

// clone is Task.copy: a new node sharing the lists.
func (n *node) clone(id int) *node {
	c := newNode(id, n.description, n.content)
	c.parents, c.preds = n.parents, n.preds
	c.milestones, c.status, c.candidates, c.number, c.available, c.reflect = n.milestones, n.status, n.candidates, n.number, n.available, n.reflect
	return c
}

func descriptions(ns []*node) []any {
	out := make([]any, len(ns))
	for i, n := range ns {
		out[i] = n.description
	}
	return out
}

func stringsAny(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}

// analyzeJSON is Task.analyze_json.
func (n *node) analyzeJSON() villager.Dict {
	return villager.Dict{{Key: "task-description", Value: n.description}, {Key: "task-feedback", Value: n.reflect}, {Key: "meta-data", Value: n.content}}
}

// assignJSON is Task.assign_json.
func (n *node) assignJSON(idx int) villager.Dict {
	return villager.Dict{
		{Key: "id", Value: idx},
		{Key: "status", Value: n.status},
		{Key: "direct predecessor", Value: descriptions(n.directPreds)},
		{Key: "description", Value: n.description},
		{Key: "number", Value: n.number},
		{Key: "candidate list", Value: stringsAny(n.candidates)},
		{Key: "available", Value: n.available},
	}
}

// graph is type_define/graph.py's Graph: vertices in insertion order and a
// list of edges.
type graph struct {
	vertex []*node
	edge   [][2]*node
}

func (g *graph) addNode(n *node) {
	if !slices.Contains(g.vertex, n) {
		g.vertex = append(g.vertex, n)
	}
}

func (g *graph) addEdge(a, b *node) {
	if !slices.Contains(g.edge, [2]*node{a, b}) {
		g.edge = append(g.edge, [2]*node{a, b})
	}
}

func (g *graph) from(n *node) []*node {
	var out []*node
	for _, e := range g.edge {
		if e[0] == n {
			out = append(out, e[1])
		}
	}
	return out
}

func (g *graph) to(n *node) []*node {
	var out []*node
	for _, e := range g.edge {
		if e[1] == n {
			out = append(out, e[0])
		}
	}
	return out
}

func (g *graph) entries() []*node {
	var out []*node
	for _, n := range g.vertex {
		if len(g.to(n)) == 0 {
			out = append(out, n)
		}
	}
	return out
}

func (g *graph) exits() []*node {
	var out []*node
	for _, n := range g.vertex {
		if len(g.from(n)) == 0 {
			out = append(out, n)
		}
	}
	return out
}

func (g *graph) deleteNode(n *node) {
	g.vertex = slices.DeleteFunc(g.vertex, func(v *node) bool { return v == n })
	g.edge = slices.DeleteFunc(g.edge, func(e [2]*node) bool { return e[0] == n || e[1] == n })
}

// removeMergeEdge is remove_node_merge_edge: n's predecessors are linked to
// its successors and n is removed.
func (g *graph) removeMergeEdge(n *node) {
	for _, p := range g.to(n) {
		for _, s := range g.from(n) {
			g.addEdge(p, s)
		}
	}
	g.deleteNode(n)
}

// insertMergeEdge is insert_node_merge_edge: n goes after pred, before
// pred's successors (pred's old edges stay).
func (g *graph) insertMergeEdge(n, pred *node) {
	n.parents = pred.parents
	for _, s := range g.from(pred) {
		g.addEdge(n, s)
	}
	g.addEdge(pred, n)
	g.addNode(n)
}

// mergeAt is merge_at: sub replaces n.
func (g *graph) mergeAt(sub *graph, n *node) {
	for _, p := range g.to(n) {
		for _, e := range sub.entries() {
			g.addEdge(p, e)
		}
	}
	for _, e := range sub.edge {
		g.addEdge(e[0], e[1])
	}
	for _, s := range g.from(n) {
		for _, x := range sub.exits() {
			g.addEdge(x, s)
		}
	}
	for _, v := range sub.vertex {
		g.addNode(v)
	}
	g.deleteNode(n)
}

// replace is replace_node.
func (g *graph) replace(old, n *node) {
	n.parents = old.parents
	for _, p := range g.to(old) {
		g.addEdge(p, n)
	}
	for _, s := range g.from(old) {
		g.addEdge(n, s)
	}
	g.deleteNode(old)
	g.addNode(n)
}

// maxPredecessorWalk bounds allPredecessors' list with repeats: a plan
// where each of 30 subtasks requires every earlier one has 2^29 paths.
const maxPredecessorWalk = 4096

// allPredecessors is get_all_predecessor: every transitive predecessor,
// depth first, with repeats. seen bounds a cycle, which VillagerAgent
// would recurse into forever.
func (g *graph) allPredecessors(n *node) []*node { return g.predecessorWalks()(n) }

// predecessorWalks returns allPredecessors for any node of the graph as
// it is now. The walk of a node is its predecessors each followed by its
// own walk, cut at maxPredecessorWalk, so in a graph without cycles each
// node's walk is computed once and reused; with a cycle every node is
// walked afresh, to a depth of the graph's size.
func (g *graph) predecessorWalks() func(*node) []*node {
	to := map[*node][]*node{}
	for _, e := range g.edge {
		to[e[1]] = append(to[e[1]], e[0])
	}
	if g.cyclic(to) {
		return func(n *node) []*node {
			var out []*node
			var walk func(n *node, depth int)
			walk = func(n *node, depth int) {
				if depth > len(g.vertex) {
					return // a cycle: VillagerAgent recurses until Python's limit
				}
				for _, p := range to[n] {
					if len(out) >= maxPredecessorWalk {
						return // a dense graph's paths grow exponentially; VillagerAgent would hang
					}
					out = append(out, p)
					walk(p, depth+1)
				}
			}
			walk(n, 0)
			return out
		}
	}
	memo := map[*node][]*node{}
	var walk func(n *node) []*node
	walk = func(n *node) []*node {
		if out, ok := memo[n]; ok {
			return out
		}
		var out []*node
		for _, p := range to[n] {
			if len(out) >= maxPredecessorWalk {
				break
			}
			out = append(out, p)
			sub := walk(p)
			out = append(out, sub[:min(len(sub), maxPredecessorWalk-len(out))]...)
		}
		memo[n] = out
		return out
	}
	return walk
}

// cyclic reports whether the edges close a cycle.
func (g *graph) cyclic(to map[*node][]*node) bool {
	const (
		unseen = iota
		onPath
		done
	)
	state := map[*node]int{}
	var visit func(n *node) bool
	visit = func(n *node) bool {
		state[n] = onPath
		for _, p := range to[n] {
			switch state[p] {
			case onPath:
				return true
			case unseen:
				if visit(p) {
					return true
				}
			}
		}
		state[n] = done
		return false
	}
	for _, n := range g.vertex {
		if state[n] == unseen && visit(n) {
			return true
		}
	}
	return false
}

func open(n *node) bool { return n.status == Unknown || n.status == Running }

// openTasks is get_open_task_list: the unknown and running nodes, each with
// its open transitive predecessors.
func (g *graph) openTasks() []*node {
	var list []*node
	for _, n := range g.vertex {
		if open(n) {
			list = append(list, n)
		}
	}
	listed := map[*node]bool{}
	for _, n := range list {
		listed[n] = true
	}
	walks := g.predecessorWalks()
	for _, n := range list {
		var direct []*node
		for _, p := range walks(n) {
			if open(p) && listed[p] {
				n.preds = append(n.preds, p)
				direct = append(direct, p)
			}
		}
		n.directPreds = direct
		var preds []*node
		kept := map[*node]bool{}
		for _, p := range n.preds {
			if open(p) && !kept[p] {
				kept[p] = true
				preds = append(preds, p)
			}
		}
		n.preds = preds
	}
	return list
}

// complete is check_graph_completion: nothing runs and no unknown node is
// free to run (no predecessor, or only successful ones).
func (g *graph) complete() bool {
	for _, n := range g.vertex {
		if n.status == Running {
			return false
		}
	}
	walks := g.predecessorWalks()
	for _, n := range g.vertex {
		if n.status != Unknown {
			continue
		}
		preds := walks(n)
		if len(preds) == 0 || !slices.ContainsFunc(preds, func(p *node) bool { return p.status != Success }) {
			return false
		}
	}
	return true
}

// bfs is the walk of get_graph_status_with_id and get_graph_list: from the
// entry nodes, a node once all its predecessors were visited.
func (g *graph) bfs() []*node {
	queue := g.entries()
	var done []*node
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		done = append(done, n)
		for _, s := range g.from(n) {
			if !slices.ContainsFunc(g.to(s), func(p *node) bool { return !slices.Contains(done, p) }) &&
				!slices.Contains(queue, s) && !slices.Contains(done, s) {
				queue = append(queue, s)
			}
		}
	}
	return done
}

// statusWithID is get_graph_status_with_id.
func (g *graph) statusWithID() string {
	var s []byte
	for i, n := range g.bfs() {
		word := "is running"
		switch n.status {
		case Success:
			word = "is finished"
		case Failure:
			word = "is failed"
		}
		s = append(s, "id "...)
		s = append(s, itoa(i+1)...)
		s = append(s, ' ')
		s = append(s, n.description...)
		s = append(s, ' ')
		s = append(s, word...)
		s = append(s, '\n')
	}
	return string(s)
}

// build is TaskManager.query_graph (Alg. 1): an edge from each listed
// predecessor (1-based ids; 0, the last id and ids past the list are
// ignored), and a node that lists none inherits the previous node's
// predecessors.
func build(list []*node) *graph {
	g := &graph{}
	for _, n := range list {
		g.addNode(n)
	}
	for i, n := range list {
		for _, idx := range n.preIdxs {
			if idx > 0 && idx < len(list) {
				g.addEdge(list[idx-1], n)
			}
		}
		if len(n.preIdxs) == 0 && i > 0 {
			for _, p := range g.to(list[i-1]) {
				g.addEdge(p, n)
			}
		}
	}
	return g
}
