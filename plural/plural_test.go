package plural

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Count(1, "task"), "1 task"},
		{Count(0, "task"), "0 tasks"},
		{Count(int64(3), "trials file"), "3 trials files"},
		{Count(1, "trials file"), "1 trials file"},
		{Count(2, "match", "matches"), "2 matches"},
		{Word(1, "match", "matches"), "match"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
