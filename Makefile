# collabcraft build, test and demo targets. `make test` is what CI runs.
GO        ?= go
BIN       := bin/collabcraft
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -X main.version=$(VERSION)
BENCHTIME ?= 1s
# Pinned so every machine lints alike; `go run` fetches it once into the module cache.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: build test test-race testdeps demo bench lint mcdata mindcraft-fixtures mindcraft-tasks villageragent-fixtures mindagent-checkout cuisine-data mindagent-diff mindagent-fixtures escape-data escape-fixtures villagerbench-data docs-images villager-data voyager-fixtures clean behaviour behaviour-update

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/collabcraft

# A package may take more than go test's default 10 minutes on a loaded
# 2-core machine (the root package's MINDcraft call tests did under the race
# detector at load 20); CI's own limit is what bounds the whole run.
test: testdeps
	$(GO) test -count=1 -timeout 30m ./...

# The suite under the race detector; -short plays smaller samples of the
# long suites and skips the slowest tests. CI runs it after make test.
test-race: testdeps
	$(GO) test -race -short -count=1 -timeout 30m ./...

# The export tests cross-check our Parquet and Arrow files with independent
# readers (DuckDB and Arrow JS, pinned npm packages); install them once.
testdeps:
	@[ -d export/testdata/duckdb/node_modules ] || npm ci --prefix export/testdata/duckdb --no-audit --no-fund

# The whole flow on this machine, no network: tasks, scripted teams in the
# embedded world, filter, export to out/demo/dataset, a stats table.
demo: build
	rm -rf out/demo
	$(BIN) pipeline --preset demo

# Redraw the README's pictures with the commands the README shows;
# TestDocsImagesUpToDate fails when one is stale.
docs-images: build
	$(BIN) procgen blueprint --materials 2 --rooms 1 --windows 1 --carpets 1 --seed 7 --format png -o docs/house.png

bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) ./...

# The scripted experts' behaviour on every trial of the default suites
# against the committed snapshot (about 15 min on 2 quiet cores; make test
# compares a sample). A change meant to change behaviour rewrites it with
# behaviour-update, and the snapshot's diff shows what changed.
behaviour:
	$(GO) test -count=1 -timeout 3h ./generate/scripted -run TestBehaviourSnapshot -full
behaviour-update:
	$(GO) test -count=1 -timeout 3h ./generate/scripted -run TestBehaviourSnapshot -full -update-behaviour

lint:
	@fmt_out=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$fmt_out" ]; then echo "gofmt would change:"; echo "$$fmt_out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

# Regenerate the embedded Minecraft data from the pinned npm package.
# Only needed when the pin changes; builds and tests use the committed file.
# node_modules (~400 MB) is removed afterwards so `go ... ./...` need not walk it.
mcdata:
	cd mcdata/generator && npm ci --no-audit --no-fund && node generate.js ../data/mcdata.json
	rm -rf mcdata/generator/node_modules

# Regenerate testdata/mindcraft/ by running MINDcraft's own source under node
# (scripts/mindcraft-fixtures/README.md). On demand only, not part of make test:
# it exports MINDcraft from a git mirror into MINDCRAFT_WORK (outside the repo),
# installs the pinned npm packages there and writes the fixtures.
MINDCRAFT_MIRROR ?= /work/.mirror/kolbytn+mindcraft/repo
MINDCRAFT_REV    ?= 0012750
MINDCRAFT_WORK   ?= /tmp/collabcraft-mindcraft-$(MINDCRAFT_REV)
mindcraft-fixtures:
	rm -rf $(MINDCRAFT_WORK)/mindcraft
	mkdir -p $(MINDCRAFT_WORK)/mindcraft
	git -C $(MINDCRAFT_MIRROR) archive $(MINDCRAFT_REV) | tar -x -C $(MINDCRAFT_WORK)/mindcraft
	git -C $(MINDCRAFT_MIRROR) rev-parse $(MINDCRAFT_REV)^{commit} > $(MINDCRAFT_WORK)/mindcraft/.mindcraft-commit
	cp scripts/mindcraft-fixtures/package.json scripts/mindcraft-fixtures/package-lock.json $(MINDCRAFT_WORK)/
	cd $(MINDCRAFT_WORK) && npm ci --ignore-scripts --legacy-peer-deps --no-audit --no-fund
	patch -p1 -d $(MINDCRAFT_WORK) < $(MINDCRAFT_WORK)/mindcraft/patches/minecraft-data+3.84.1.patch
	MINDCRAFT_DIR=$(MINDCRAFT_WORK)/mindcraft $(GO) test -count=1 -run TestMindcraftCalls . -args -write-call-cases
	node scripts/mindcraft-fixtures/render.mjs --mindcraft $(MINDCRAFT_WORK)/mindcraft --out testdata/mindcraft

# Validate and play every task file of MINDcraft at MINDCRAFT_REV that needs
# no human player (TestMindcraftTaskFiles). On demand, not part of make test:
# the files are exported from the git mirror into MINDCRAFT_WORK, outside the
# repo (their data is MINDcraft's, not ours).
mindcraft-tasks:
	rm -rf $(MINDCRAFT_WORK)/tasks-only
	mkdir -p $(MINDCRAFT_WORK)/tasks-only
	git -C $(MINDCRAFT_MIRROR) archive $(MINDCRAFT_REV) tasks | tar -x -C $(MINDCRAFT_WORK)/tasks-only
	MINDCRAFT_DIR=$(MINDCRAFT_WORK)/tasks-only $(GO) test -count=1 -run TestMindcraftTaskFiles -v .

# Regenerate testdata/villageragent/ by running VillagerAgent's own Python
# (scripts/villageragent-fixtures/README.md). On demand only, not part of make
# test: it exports VillagerAgent from a git mirror into VILLAGER_WORK (outside
# the repo) and renders the call cases with Debian's python3 (+ python3-pydantic).
VILLAGER_MIRROR ?= /work/.mirror/cnsdqd-dyb+VillagerAgent/repo
VILLAGER_REV    ?= dd1ecc1
VILLAGER_WORK   ?= /tmp/collabcraft-villageragent-$(VILLAGER_REV)
VILLAGER_CASES  ?= scripts/villageragent-fixtures/cases.json
villageragent-fixtures:
	/usr/bin/python3 -c 'import pydantic, yaml, numpy, networkx, matplotlib' || \
		{ echo "villageragent-fixtures: needs apt packages python3-pydantic python3-yaml python3-numpy python3-networkx python3-matplotlib"; exit 1; }
	/usr/bin/python3 scripts/villageragent-fixtures/render.py --mirror $(VILLAGER_MIRROR) --rev $(VILLAGER_REV) \
		--villager $(VILLAGER_WORK)/villageragent --cases $(VILLAGER_CASES) --out testdata/villageragent
	/usr/bin/python3 scripts/villageragent-fixtures/render.py \
		--villager $(VILLAGER_WORK)/villageragent --cases scripts/villageragent-fixtures/engine_cases.json \
		--out testdata/villageragent --output-name engine_calls.json

# Regenerate testdata/voyager/ by running Voyager's own Python
# (scripts/voyager-fixtures/README.md). On demand only, not part of make test:
# it exports Voyager from a git mirror into VOYAGER_WORK (outside the repo) and
# renders the call cases with Debian's python3 (no PyPI packages).
VOYAGER_MIRROR ?= /work/.mirror/MineDojo+Voyager/repo
VOYAGER_REV    ?= 55e45a8
VOYAGER_WORK   ?= /tmp/collabcraft-voyager-$(VOYAGER_REV)
voyager-fixtures:
	/usr/bin/python3 -c 'import pkg_resources' || \
		{ echo "voyager-fixtures: needs the apt package python3-pkg-resources"; exit 1; }
	rm -rf $(VOYAGER_WORK)
	/usr/bin/python3 scripts/voyager-fixtures/render.py --mirror $(VOYAGER_MIRROR) --rev $(VOYAGER_REV) \
		--voyager $(VOYAGER_WORK)/voyager --cases scripts/voyager-fixtures/cases.json --out testdata/voyager
	/usr/bin/python3 scripts/voyager-fixtures/render.py --voyager $(VOYAGER_WORK)/voyager \
		--cases scripts/voyager-fixtures/first-calls.json --out testdata/voyager --name first-calls.json --share-system
	$(GO) test -count=1 -run 'TestCallsAsVoyagerRendersThem|TestFirstCallsAsVoyagerRendersThem' ./voyager

# Regenerate escape/data/atoms.json from VillagerAgent's data/escape_atom.json
# (escape/generator/generate.py), taken from the git mirror with git show.
ESCAPE_WORK ?= /tmp/collabcraft-escape-$(VILLAGER_REV)
escape-data:
	mkdir -p $(ESCAPE_WORK)
	git -C $(VILLAGER_MIRROR) show $(VILLAGER_REV):data/escape_atom.json > $(ESCAPE_WORK)/escape_atom.json
	$(PYTHON) escape/generator/generate.py $(ESCAPE_WORK)/escape_atom.json \
		$$(git -C $(VILLAGER_MIRROR) rev-parse $(VILLAGER_REV)^{commit}) escape/data/atoms.json
	$(GO) test -count=1 -run 'TestEmbeddedAtoms' ./escape

# Re-record escape/testdata/statetree.json by running VillagerAgent's own
# StateTree (scripts/escape-statetree/render.py), then compare ours with it.
escape-fixtures:
	PYTHONDONTWRITEBYTECODE=1 $(PYTHON) scripts/escape-statetree/render.py --mirror $(VILLAGER_MIRROR) \
		--rev $(VILLAGER_REV) --out escape/testdata/statetree.json
	$(GO) test -count=1 -run 'TestStateTree' ./escape

# Regenerate villagerbench/data/paper.json (the paper's 100 construction
# blueprints, rebuilt from VillagerAgent's blueprint_description_all.json),
# villagerbench/testdata/paper-check.json (the same file read by an
# independent Python reader), villagerbench/testdata/generated-sample.json
# (a generated blueprint of each kind) and villagerbench/testdata/judge-cases.json
# (build_judger.py's own C, VHR and D functions run on both; needs Debian's
# python3-numpy), and the farm-to-table data villagerbench/data/farm.json
# (farm_setting.json and farm_blue_print.json in our format) with
# villagerbench/testdata/farm-check.json (the same files read by Python).
# On demand only: it reads the git mirror.
villagerbench-data:
	$(GO) run ./villagerbench/generator -mirror $(VILLAGER_MIRROR) -rev $(VILLAGER_REV) -out villagerbench/data/paper.json \
		-sample villagerbench/testdata/generated-sample.json -farm villagerbench/data/farm.json
	$(PYTHON) villagerbench/generator/check_farm.py --mirror $(VILLAGER_MIRROR) --rev $(VILLAGER_REV) \
		--out villagerbench/testdata/farm-check.json
	$(PYTHON) villagerbench/generator/check.py --mirror $(VILLAGER_MIRROR) --rev $(VILLAGER_REV) \
		--mcdata mcdata/data/mcdata.json --out villagerbench/testdata/paper-check.json
	$(PYTHON) villagerbench/generator/judge.py --mirror $(VILLAGER_MIRROR) --rev $(VILLAGER_REV) \
		--blueprints villagerbench/data/paper.json villagerbench/testdata/generated-sample.json \
		--out villagerbench/testdata/judge-cases.json
	$(GO) test -count=1 -run 'TestPaperBlueprintsMatchDescriptions|TestJudgeCases|TestGeneratedSampleIsCurrent|TestFarmPaperMatchesVillagerAgent' ./villagerbench
# Regenerate villager/data/villageragent.json (VillagerAgent's prompt
# templates, speaking styles and tool lines) from its own modules, exported
# from the same mirror as the fixtures (villager/generator/generate.py).
villager-data:
	/usr/bin/python3 villager/generator/generate.py --mirror $(VILLAGER_MIRROR) --rev $(VILLAGER_REV) \
		--villager $(VILLAGER_WORK)/villageragent --out villager/data/villageragent.json

# MindAgent (github.com/mindagent/mindagent), exported from a git mirror into
# MINDAGENT_WORK (outside the repo) for the two targets below. Both run on
# demand only, under Debian's python3 with python3-numpy, -networkx and
# -matplotlib; builds and tests use the committed files.
MINDAGENT_MIRROR ?= /work/.mirror/mindagent+mindagent/repo
MINDAGENT_REV    ?= 540a114
MINDAGENT_WORK   ?= /tmp/collabcraft-mindagent-$(MINDAGENT_REV)
PYTHON           ?= /usr/bin/python3
mindagent-checkout:
	rm -rf $(MINDAGENT_WORK)
	mkdir -p $(MINDAGENT_WORK)
	git -C $(MINDAGENT_MIRROR) archive $(MINDAGENT_REV) | tar -x -C $(MINDAGENT_WORK)
	git -C $(MINDAGENT_MIRROR) rev-parse $(MINDAGENT_REV)^{commit} > $(MINDAGENT_WORK)/.mindagent-commit

# Regenerate cuisine/data/ (tools, ingredients, recipes, levels) from
# MindAgent's assets and levels/constants.py (cuisine/generator/generate.py).
cuisine-data: mindagent-checkout
	PYTHONDONTWRITEBYTECODE=1 $(PYTHON) cuisine/generator/generate.py $(MINDAGENT_WORK) cuisine/data

# Re-record cuisine/testdata/mindagent/ by driving MindAgent's own game
# (scripts/mindagent-diff/README.md), then replay it against ours.
mindagent-diff: mindagent-checkout
	PYTHONDONTWRITEBYTECODE=1 PYTHONHASHSEED=0 $(PYTHON) scripts/mindagent-diff/drive.py --mindagent $(MINDAGENT_WORK) --out cuisine/testdata/mindagent
	$(GO) test -count=1 -run 'TestMindAgent' ./cuisine

# Re-render testdata/mindagent/ (MindAgent's own dispatcher calls: chat_agent.py
# and the human variant's webpage/app.py, scripts/mindagent-fixtures/README.md),
# then compare ours with them.
mindagent-fixtures: mindagent-checkout
	PYTHONDONTWRITEBYTECODE=1 $(PYTHON) scripts/mindagent-fixtures/render.py --mindagent $(MINDAGENT_WORK) \
		--cases scripts/mindagent-fixtures/cases.json --out testdata/mindagent
	$(GO) test -count=1 -run 'TestCallsAsMindAgentRendersThem|TestMindAgentOrders|TestPySetOrderAsCPython' ./generate/dispatch

clean:
	rm -rf bin out
