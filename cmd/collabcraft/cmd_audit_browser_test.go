package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"collabcraft/audit"
	"collabcraft/procgen"
)

// The HTML report opens in a real headless browser (Debian's chromium):
// its plots and the trial viewer render, with no console errors, and a
// screenshot is kept as a test artifact.
func TestAuditHTMLInBrowser(t *testing.T) {
	browser, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is missing: .ci/run installs Debian's chromium for this test")
		}
		t.Skip("chromium not installed (apt-get install chromium); CI installs it")
	}
	path, tasks := writeCraftingTasks(t, 4, 5)
	house, err := procgen.GenerateConstruction(procgen.ConstructionOptions{Options: procgen.Options{Split: procgen.SplitTrain, Agents: 2, N: 1, Seed: 5}})
	if err != nil {
		t.Fatal(err)
	}
	housePath := filepath.Join(t.TempDir(), "construction.json")
	if err := procgen.WriteTaskFile(housePath, house); err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(t.TempDir(), "run")
	if err := runGenerate(context.Background(), defaultGenerateOptions(t, []string{path, housePath}, run), GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	html := filepath.Join(t.TempDir(), "report.html")
	var report bytes.Buffer
	if err := runAudit(context.Background(), AuditOptions{HTML: html, JSON: true, ViewTrials: 300, NearThreshold: 0.8, out: &report}, GlobalOptions{}, []string{run}); err != nil {
		t.Fatal(err)
	}
	var r audit.Report
	if err := json.Unmarshal(report.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	page := "file://" + html
	chrome := func(args ...string) (string, string) {
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		args = append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0"}, args...)
		cmd := exec.CommandContext(ctx, browser, append(args, page)...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("chromium: %v\n%s", err, stderr.String())
		}
		return stdout.String(), stderr.String()
	}
	dom, log := chrome("--dump-dom")
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`data-rendered="yes"`),            // the viewer's script ran to its end
		regexp.MustCompile(`(?s)(<svg[^>]*role="img".*){3}`), // plots
		regexp.MustCompile(`<div class="ev conversation"`),   // a trial replayed
		regexp.MustCompile(`(?s)<div id="trial-list"[^>]*>(<div class="trial[^"]*"[^>]*><span[^>]*>[^<]+</span>[^<]+</div>){5}`), // every trial listed
	} {
		if !want.MatchString(dom) {
			t.Errorf("rendered page lacks %s", want)
		}
	}
	// A link to the house opens it: its levels, the blueprint next to
	// what was built.
	page = "file://" + html + "#trial=" + url.QueryEscape(house[0].ID+"#0")
	houseDOM, houseLog := chrome("--dump-dom")
	log += houseLog
	if n := strings.Count(houseDOM, `<div class="pair build">`); n < 2 || !strings.Contains(houseDOM, `<pre class="cells">`) || !strings.Contains(houseDOM, "every level stands as drawn") {
		t.Errorf("the house's trial shows %d levels side by side:\n%.3000s", n, houseDOM[strings.Index(houseDOM, `id="trial"`):])
	}
	// Every template in full (long ones wrap), every metric defined.
	for _, tpl := range r.Overall.TopTemplates {
		// As the browser writes a text out: only &, < and > escaped.
		text := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(tpl.Template)
		if cell := `<td class="text">` + text + `</td>`; !strings.Contains(dom, cell) {
			t.Errorf("the report lacks the template in full: %s", cell)
		}
	}
	for _, metric := range []string{"silent", "distinct", "distinct-1, distinct-2", "distinct-2 (1k sample)", "templates", "top-10 share", "commands", "violations", "memory copies"} {
		if !strings.Contains(dom, "<dt>"+metric+"</dt><dd>") {
			t.Errorf("the report does not define %q", metric)
		}
	}
	// The list names each trial in full with its outcome.
	for _, id := range []string{house[0].ID + "#0", tasks[0].ID + "#0"} {
		if !regexp.MustCompile(`<div class="trial[^"]*"[^>]*><span class="mark (ok|no)">(✓|✗|score \d\.\d\d)</span>` + regexp.QuoteMeta(id) + `</div>`).MatchString(dom) {
			t.Errorf("the trial list lacks %s in full with its mark", id)
		}
	}
	// #q= filters the list: only the house is left.
	page = "file://" + html + "#q=construction"
	filtered, filteredLog := chrome("--dump-dom")
	log += filteredLog
	if !strings.Contains(filtered, `<div id="trial-list" data-shown="1">`) || strings.Count(filtered, `hidden=""`) != 4 {
		t.Errorf("filtered by construction, not the house alone is shown:\n%.3000s", filtered[strings.Index(filtered, `<div id="trial-list"`):])
	}
	// An unknown trial says so.
	page = "file://" + html + "#trial=" + url.QueryEscape("no_such_task#0")
	unknown, unknownLog := chrome("--dump-dom")
	log += unknownLog
	if !strings.Contains(unknown, "No trial \u201cno_such_task#0\u201d in this report") || strings.Contains(unknown, `<div class="ev`) {
		t.Errorf("an unknown #trial= does not say so:\n%.2000s", unknown[strings.Index(unknown, `id="trial"`):])
	}
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(line, "CONSOLE") || strings.Contains(line, "Uncaught") {
			t.Errorf("console: %s", line)
		}
	}
	shot := filepath.Join(t.ArtifactDir(), "audit-report.png")
	chrome("--hide-scrollbars", "--window-size=1280,2400", "--screenshot="+shot)
	if st, err := os.Stat(shot); err != nil || st.Size() < 10000 {
		t.Errorf("screenshot %s: %v", shot, err)
	}
}
