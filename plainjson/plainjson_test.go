package plainjson

import (
	"encoding/json"
	"testing"
)

func TestMarshalKeepsHTML(t *testing.T) {
	v := map[string]any{"cmd": `!craft("a<b>&c")`, "n": []int{1, 2}}
	got, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"cmd":"!craft(\"a<b>&c\")","n":[1,2]}`; string(got) != want {
		t.Errorf("Marshal = %s, want %s", got, want)
	}
	var back map[string]any
	if err := json.Unmarshal(got, &back); err != nil || back["cmd"] != v["cmd"] {
		t.Errorf("round trip: %v, %v", back, err)
	}
	if _, err := Marshal(func() {}); err == nil {
		t.Error("Marshal(func) succeeded")
	}
}
