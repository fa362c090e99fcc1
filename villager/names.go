package villager

import (
	"math"
	"strconv"
	"strings"
)

// Names is the name list VillagerAgent's server checks and corrects names
// against (env/env_api.py is_entity_or_item and findSimilarName, over its
// data/mcData.json): entity names first, then item names.
type Names struct {
	entities, items []string
	kind            map[string]string
	all             [][]string // every name split at "_", entities first
}

// NewNames makes a name list; a name listed twice keeps its first kind.
func NewNames(entities, items []string) *Names {
	n := &Names{entities: entities, items: items, kind: map[string]string{}}
	for _, list := range []struct {
		names []string
		kind  string
	}{{entities, "entity"}, {items, "item"}} {
		for _, name := range list.names {
			if _, seen := n.kind[name]; !seen {
				n.kind[name] = list.kind
			}
			n.all = append(n.all, strings.Split(name, "_"))
		}
	}
	return n
}

// Kind is is_entity_or_item: "entity", "item" or "error".
func (n *Names) Kind(name string) string {
	if k, ok := n.kind[name]; ok {
		return k
	}
	return "error"
}

// Similar is findSimilarName's name: name itself when it is listed, else
// the listed name whose "_"-separated parts best match name's (the mean
// over name's parts of the best Levenshtein similarity with any of the
// listed name's parts; the first best in list order), when that mean is
// above 0.55; else "".
func (n *Names) Similar(name string) string {
	if n.Kind(name) != "error" {
		return name
	}
	parts := strings.Split(name, "_")
	best, bestName := 0.0, ""
	for _, itemParts := range n.all {
		total := 0.0
		for _, p := range parts {
			partBest := math.Inf(-1)
			for _, ip := range itemParts {
				den := max(runeCount(p), runeCount(ip))
				if den == 0 {
					// Python divides by zero here; findSimilarName skips
					// the name (a listed name with an empty part).
					partBest = math.NaN()
					break
				}
				partBest = max(partBest, 1-float64(levenshtein(p, ip))/float64(den))
			}
			total += partBest
		}
		if math.IsNaN(total) {
			continue
		}
		if avg := total / float64(len(parts)); avg > best {
			best, bestName = avg, strings.Join(itemParts, "_")
		}
	}
	if best > 0.55 {
		return bestName
	}
	return ""
}

func runeCount(s string) int { return len([]rune(s)) }

// levenshtein is the edit distance between two strings, by characters
// (python-Levenshtein's distance).
func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// Num is a JavaScript number as Python prints it after JSPyBridge passed
// it over as JSON: an integral value is an int, anything else a float
// (bot.entity.position.x, a Vec3's coordinates).
func Num(f float64) any {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return int(f)
	}
	return f
}

// Pos1 is VillagerAgent's position_to_string of a position:
// "(x.x, y.y, z.z)" with one decimal, as Python's format ".1f" writes it.
func Pos1(x, y, z float64) string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
	return "(" + f(x) + ", " + f(y) + ", " + f(z) + ")"
}
