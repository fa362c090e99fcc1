package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/procgen"

	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v3"
)

const deployDir = "../../deploy"

// k8sObject is one decoded manifest document.
type k8sObject struct {
	file string
	doc  map[string]any
}

func (o k8sObject) kind() string { return str(o.doc["kind"]) }
func (o k8sObject) name() string { return str(dig(o.doc, "metadata", "name")) }

func dig(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = m[k]
		case int:
			l, ok := v.([]any)
			if !ok || k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

func str(v any) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}

func strs(v any) []string {
	var out []string
	for _, e := range asList(v) {
		out = append(out, str(e))
	}
	return out
}

func asList(v any) []any { l, _ := v.([]any); return l }

func readManifests(t *testing.T) map[string]k8sObject {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(deployDir, "kubernetes", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests: %v", err)
	}
	objs := map[string]k8sObject{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		dec := yaml.NewDecoder(bytes.NewReader(b))
		for {
			var doc map[string]any
			err := dec.Decode(&doc)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			o := k8sObject{file: filepath.Base(f), doc: doc}
			if str(doc["apiVersion"]) == "" || o.kind() == "" || o.name() == "" {
				t.Errorf("%s: a document without apiVersion, kind or metadata.name", f)
			}
			objs[o.kind()+"/"+o.name()] = o
		}
	}
	return objs
}

// checkArgs parses a collabcraft command line with the real command tree:
// unknown commands or flags fail the test. It returns the flags set.
func checkArgs(t *testing.T, where string, args []string) map[string]string {
	t.Helper()
	root := newRootCommand()
	cmd, rest, err := root.Find(args)
	if err != nil || cmd == root {
		t.Errorf("%s: %q is not a collabcraft command: %v", where, args, err)
		return nil
	}
	if err := cmd.ParseFlags(rest); err != nil {
		t.Errorf("%s: collabcraft %s: %v", where, cmd.Name(), err)
		return nil
	}
	set := map[string]string{"": strings.Join(cmd.Flags().Args(), " ")}
	cmd.Flags().Visit(func(f *pflag.Flag) {
		v := f.Value.String()
		if strings.HasSuffix(f.Value.Type(), "Slice") {
			v = strings.Trim(v, "[]")
		}
		set[f.Name] = v
	})
	return set
}

func containers(o k8sObject, key string) []map[string]any {
	var out []map[string]any
	for _, c := range asList(dig(o.doc, "spec", "template", "spec", key)) {
		if m, ok := c.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func TestKubernetesManifests(t *testing.T) {
	objs := readManifests(t)
	get := func(key string) k8sObject {
		o, ok := objs[key]
		if !ok {
			t.Fatalf("no %s in deploy/kubernetes", key)
		}
		return o
	}
	pvc := get("PersistentVolumeClaim/collabcraft-data")
	if !slices.Contains(strs(dig(pvc.doc, "spec", "accessModes")), "ReadWriteMany") {
		t.Error("the PVC is not ReadWriteMany: shard pods on several nodes could not share it")
	}

	// vLLM: the Service reaches the Deployment's pods on the port they serve.
	dep, svc := get("Deployment/vllm"), get("Service/vllm")
	labels, _ := dig(dep.doc, "spec", "template", "metadata", "labels").(map[string]any)
	for k, v := range dig(svc.doc, "spec", "selector").(map[string]any) {
		if labels[k] != v {
			t.Errorf("Service vllm selects %s=%v, the Deployment's pods have %v", k, v, labels[k])
		}
	}
	if sel := dig(dep.doc, "spec", "selector", "matchLabels").(map[string]any); str(sel["app.kubernetes.io/name"]) != str(labels["app.kubernetes.io/name"]) {
		t.Error("Deployment vllm selector does not match its template")
	}
	svcPort := str(dig(svc.doc, "spec", "ports", 0, "port"))
	if tp, cp := str(dig(svc.doc, "spec", "ports", 0, "targetPort")), dig(containers(dep, "containers")[0], "ports", 0); str(dig(cp, "name")) != tp || str(dig(cp, "containerPort")) != "8000" {
		t.Errorf("Service targetPort %s does not name the vLLM container port %v", tp, cp)
	}
	if !slices.Contains(strs(containers(dep, "containers")[0]["args"]), "--port=8000") {
		t.Error("vLLM does not serve on port 8000")
	}

	// The tasks Job writes the suite where generate reads it.
	tasks := get("Job/collabcraft-tasks")
	tasksDir := checkArgs(t, "tasks-job.yaml", strs(containers(tasks, "containers")[0]["args"]))["out"]

	gen := get("Job/collabcraft-generate")
	spec := dig(gen.doc, "spec").(map[string]any)
	if spec["completionMode"] != "Indexed" {
		t.Errorf("generate Job completionMode %v, want Indexed", spec["completionMode"])
	}
	n, _ := spec["completions"].(int)
	if p, _ := spec["parallelism"].(int); n < 1 || p < 1 || p > n {
		t.Errorf("generate Job completions %v, parallelism %v", spec["completions"], spec["parallelism"])
	}
	if str(dig(gen.doc, "spec", "template", "spec", "restartPolicy")) != "OnFailure" {
		t.Error("generate pods should restart in place (OnFailure) so a shard resumes")
	}
	gc := containers(gen, "containers")[0]
	gargs := checkArgs(t, "generate-job.yaml", strs(gc["args"]))
	if want := "$(JOB_COMPLETION_INDEX)/" + strconv.Itoa(n); gargs["shard"] != want {
		t.Errorf("--shard %q, want %q (N = completions)", gargs["shard"], want)
	}
	for k := range n {
		if _, err := generate.ParseShard(strings.ReplaceAll(gargs["shard"], "$(JOB_COMPLETION_INDEX)", strconv.Itoa(k))); err != nil {
			t.Errorf("index %d: %v", k, err)
		}
	}
	if !strings.Contains(gargs["out"], "$(JOB_COMPLETION_INDEX)") {
		t.Errorf("--out %q: every shard needs its own run", gargs["out"])
	}
	if want := "http://" + svc.name() + ":" + svcPort + "/v1"; gargs["base-url"] != want || gargs["backend"] != "openai" {
		t.Errorf("--backend %s --base-url %q, want openai at %s", gargs["backend"], gargs["base-url"], want)
	}
	suite := map[string]bool{}
	for _, f := range procgen.SuitePlan(procgen.SuiteOptions{}) {
		suite[filepath.Join(tasksDir, f.Name)] = true
	}
	for _, f := range strings.Split(gargs["tasks"], ",") {
		if !suite[f] {
			t.Errorf("generate reads %s, which the tasks Job (procgen suite --out %s) does not write", f, tasksDir)
		}
	}

	// Merge unites exactly the shard runs, and export reads the merged run.
	merge := get("Job/collabcraft-merge")
	margs := strs(containers(merge, "initContainers")[0]["args"])
	mset := checkArgs(t, "merge-job.yaml", margs)
	var want []string
	for k := range n {
		want = append(want, strings.ReplaceAll(gargs["out"], "$(JOB_COMPLETION_INDEX)", strconv.Itoa(k)))
	}
	if got := strings.Fields(mset[""]); !slices.Equal(got, want) {
		t.Errorf("merge runs %v, want the %d shards %v", got, n, want)
	}
	eset := checkArgs(t, "merge-job.yaml export", strs(containers(merge, "containers")[0]["args"]))
	if eset["in"] != mset["out"] {
		t.Errorf("export --in %q, merge --out %q", eset["in"], mset["out"])
	}

	// Every collabcraft pod mounts the shared claim.
	for _, o := range []k8sObject{tasks, gen, merge} {
		if c := str(dig(o.doc, "spec", "template", "spec", "volumes", 0, "persistentVolumeClaim", "claimName")); c != pvc.name() {
			t.Errorf("%s mounts claim %q, want %q", o.file, c, pvc.name())
		}
	}
}

// TestSlurmScripts checks the scripts' syntax with bash -n and every
// collabcraft flag they pass against the CLI.
func TestSlurmScripts(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is needed to check the Slurm scripts")
	}
	scripts, _ := filepath.Glob(filepath.Join(deployDir, "slurm", "*"))
	if len(scripts) < 3 {
		t.Fatalf("scripts %v", scripts)
	}
	call := regexp.MustCompile(`"\$COLLABCRAFT"((?: +[a-z]+\b)+)`)
	flag := regexp.MustCompile(`(?:^|\s)--([a-z][a-z-]*)`)
	texts := map[string]string{}
	for _, s := range scripts {
		if out, err := exec.Command(bash, "-n", s).CombinedOutput(); err != nil {
			t.Errorf("bash -n %s: %v\n%s", s, err, out)
		}
		b, _ := os.ReadFile(s)
		text := strings.ReplaceAll(string(b), "\\\n", " ")
		texts[filepath.Base(s)] = text
		for _, line := range strings.Split(text, "\n") {
			m := call.FindStringSubmatchIndex(line)
			if m == nil {
				continue
			}
			path := strings.Fields(line[m[2]:m[3]])
			cmd, _, err := newRootCommand().Find(path)
			if err != nil {
				t.Errorf("%s: %q: %v", filepath.Base(s), line, err)
				continue
			}
			for _, f := range flag.FindAllStringSubmatch(line[m[1]:], -1) {
				if cmd.Flags().Lookup(f[1]) == nil && cmd.InheritedFlags().Lookup(f[1]) == nil {
					t.Errorf("%s: collabcraft %s has no flag --%s", filepath.Base(s), cmd.Name(), f[1])
				}
			}
		}
	}
	gen := texts["generate.sbatch"]
	for _, want := range []string{"SHARD=$SLURM_ARRAY_TASK_ID", `--shard "$SHARD/$SHARDS"`, `--out "$DATA/runs/$RUN-shard-$SHARD"`, "#SBATCH --array="} {
		if !strings.Contains(gen, want) {
			t.Errorf("generate.sbatch lacks %q", want)
		}
	}
	if !strings.Contains(texts["merge.sbatch"], `shards+=("$DATA/runs/$RUN-shard-$i")`) {
		t.Error("merge.sbatch does not merge the runs generate.sbatch writes")
	}
	if !strings.Contains(texts["submit.sh"], `--dependency="afterok:$array"`) {
		t.Error("submit.sh does not make the merge wait for the array")
	}
}
