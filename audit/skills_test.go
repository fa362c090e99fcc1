package audit

import (
	"strings"
	"testing"

	"collabcraft/export"
	"collabcraft/trajectory"
	"collabcraft/voyager"
)

// TestSkillReuse: a program that calls a library skill its prompt showed
// reuses it; one that only defines a function of that name, or calls a
// primitive, does not; a prompt showing no skill offers none.
func TestSkillReuse(t *testing.T) {
	const skill = "async function craftWoodenPickaxe(bot) {\n  await craftItem(bot, \"wooden_pickaxe\", 1);\n}"
	program := func(body string) string { return "Explain: ...\nCode:\n```javascript\n" + body + "\n```" }
	skillCode := func(trial string, skills []string, body string) export.Example {
		e := ex(trial, "Alice", trajectory.KindSkillCode, "train", 0, "Task: Craft a pickaxe", program(body))
		e.Messages[0].Content = voyager.ActionSystem(voyager.ActionModel, skills).Content
		return e
	}
	r := run(t,
		skillCode("t1", []string{skill}, "async function getPickaxe(bot) {\n  await craftWoodenPickaxe(bot);\n}"),
		skillCode("t2", []string{skill}, "async function craftWoodenPickaxe(bot) {\n  await mineBlock(bot, \"oak_log\", 1);\n}"),
		skillCode("t3", nil, "async function mineLogs(bot) {\n  await mineBlock(bot, \"oak_log\", 3);\n}"),
		ex("t4", "Alice", trajectory.KindCritic, "train", 1, "Task: x", `{"success": true}`),
	)
	s := r.Skills
	if s == nil {
		t.Fatal("no skill figures")
	}
	want := SkillReuse{Programs: 3, Offered: 2, Reusing: 1, ReuseShare: 0.5, SkillsShown: 1, SkillsUsed: 1}
	if *s != want {
		t.Errorf("skills %+v, want %+v", *s, want)
	}
	var b strings.Builder
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "Voyager skills: 3 programs; 2 were shown library skills and 1 of those (50.0%) call one") {
		t.Errorf("table:\n%s", b.String())
	}
	if r := run(t, ex("t1", "Alice", "conversation", "train", 0, "hi", "Hello!")); r.Skills != nil {
		t.Errorf("no programs, skills %+v", r.Skills)
	}
}
