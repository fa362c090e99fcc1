package export

// splitSet holds a writer's per-split state, remembering the order in which
// splits first appear so files are listed deterministically.
type splitSet[S any] struct {
	byName map[string]*S
	order  []string
}

// get returns the state of split name, creating it on first use.
func (s *splitSet[S]) get(name string) *S {
	if st, ok := s.byName[name]; ok {
		return st
	}
	if s.byName == nil {
		s.byName = map[string]*S{}
	}
	st := new(S)
	s.byName[name] = st
	s.order = append(s.order, name)
	return st
}
