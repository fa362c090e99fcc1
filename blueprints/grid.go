package blueprints

// grid is a dense box of block names indexed [level][row][col], the
// generator's working form of a blueprint.
type grid struct {
	levels, rows, cols int
	cells              []string
}

func newGrid(levels, rows, cols int) *grid {
	g := &grid{levels: levels, rows: rows, cols: cols, cells: make([]string, levels*rows*cols)}
	for i := range g.cells {
		g.cells[i] = Air
	}
	return g
}

func (g *grid) in(l, r, c int) bool {
	return l >= 0 && l < g.levels && r >= 0 && r < g.rows && c >= 0 && c < g.cols
}

func (g *grid) at(l, r, c int) string {
	if !g.in(l, r, c) {
		return Air
	}
	return g.cells[(l*g.rows+r)*g.cols+c]
}

func (g *grid) set(l, r, c int, name string) {
	g.cells[(l*g.rows+r)*g.cols+c] = name
}

// toBlueprint converts the grid to levels at origin, dropping all-air levels
// above the highest block.
func (g *grid) toBlueprint(origin [3]int) *Blueprint {
	top := 0
	for l := 0; l < g.levels; l++ {
		for i := l * g.rows * g.cols; i < (l+1)*g.rows*g.cols; i++ {
			if g.cells[i] != Air {
				top = l
				break
			}
		}
	}
	b := &Blueprint{}
	for l := 0; l <= top; l++ {
		lv := Level{Level: l, Coordinates: [3]int{origin[0], origin[1] + l, origin[2]}, Placement: make([][]string, g.rows)}
		for r := range g.rows {
			row := make([]string, g.cols)
			copy(row, g.cells[(l*g.rows+r)*g.cols:(l*g.rows+r+1)*g.cols])
			lv.Placement[r] = row
		}
		b.Levels = append(b.Levels, lv)
	}
	b.Materials = b.MaterialCounts()
	return b
}
