// Renders fixtures from MINDcraft's own source: imports MINDcraft's modules
// from a checkout outside this repo and writes what they produce as pretty,
// key-sorted JSON. Nothing here re-implements MINDcraft; where MINDcraft
// reads a live bot (stats, inventory text), the value comes from the cases
// file instead. See README.md.
//
//   node render.mjs --mindcraft DIR [--cases cases.json] [--out DIR]

import { readFileSync, writeFileSync, mkdirSync, readdirSync, statSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

function parseArgs(argv) {
    const args = {
        mindcraft: process.env.MINDCRAFT_DIR || '',
        cases: path.join(here, 'cases.json'),
        calls: path.join(here, 'calls.json.gz'),
        out: path.join(repoRoot, 'testdata/mindcraft'),
    };
    for (let i = 0; i < argv.length; i++) {
        const flag = argv[i];
        const value = argv[i + 1];
        if (!['--mindcraft', '--cases', '--calls', '--out'].includes(flag) || value === undefined) {
            throw new Error(`usage: node render.mjs --mindcraft DIR [--cases FILE] [--calls FILE] [--out DIR] (bad argument ${flag})`);
        }
        args[flag.slice(2)] = path.resolve(value);
        i++;
    }
    if (!args.mindcraft) throw new Error('--mindcraft DIR (or MINDCRAFT_DIR) is required');
    return args;
}

const args = parseArgs(process.argv.slice(2));
const mcDir = path.resolve(args.mindcraft);
const cases = JSON.parse(readFileSync(args.cases, 'utf8'));

// The commit the checkout was exported from: the Makefile writes it next to
// the source (git archive drops .git).
const commitFile = path.join(mcDir, '.mindcraft-commit');
if (!existsSync(commitFile)) throw new Error(`${commitFile} missing: export MINDcraft with make mindcraft-fixtures`);
const commit = readFileSync(commitFile, 'utf8').trim();

// MINDcraft reads profiles, keys.json and writes bots/<name>/ relative to the
// working directory, as when it is started with `node main.js` in its root.
process.chdir(mcDir);
const mcImport = (rel) => import(pathToFileURL(path.join(mcDir, rel)).href);
const mcRequire = createRequire(path.join(mcDir, 'package.json'));
const mcdataPkg = mcRequire('minecraft-data/package.json');

// ---- deterministic JSON ---------------------------------------------------

function sortKeys(v) {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v && typeof v === 'object') {
        const out = {};
        for (const k of Object.keys(v).sort()) out[k] = sortKeys(v[k]);
        return out;
    }
    return v;
}

function writeFixture(name, kind, body, { gzip = false } = {}) {
    const doc = {
        header: {
            kind,
            generator: 'scripts/mindcraft-fixtures/render.mjs',
            mindcraft_repo: 'github.com/kolbytn/mindcraft',
            mindcraft_commit: commit,
            minecraft_version: settings.minecraft_version,
            minecraft_data_version: mcdataPkg.version,
            node_version: process.version,
        },
        ...body,
    };
    mkdirSync(args.out, { recursive: true });
    const file = path.join(args.out, name);
    const text = JSON.stringify(sortKeys(doc), null, 2) + '\n';
    writeFileSync(file, gzip ? zlib.gzipSync(text, { level: 9 }) : text);
    process.stderr.write(`wrote ${path.relative(repoRoot, file)}\n`);
}

// Keep MINDcraft's console chatter off stdout; report on stderr.
const log = (...a) => process.stderr.write(a.join(' ') + '\n');
console.log = () => {};
console.warn = () => {};

// ---- settings, as main.js hands them to an agent ----------------------------

const rootSettings = (await mcImport('settings.js')).default;
const settingsMod = await mcImport('src/agent/settings.js');
const settings = settingsMod.default;
function applySettings(overrides = {}) {
    // Port 1: initBot's connection attempt is refused at once; no server is used.
    settingsMod.setSettings({ ...JSON.parse(JSON.stringify(rootSettings)), port: 1, ...overrides });
}
applySettings();

// mcdata.js only loads minecraft-data inside initBot (which also creates a
// mineflayer bot); call it once and drop the connection.
const mc = await mcImport('src/utils/mcdata.js');
{
    const bot = mc.initBot('fixture_renderer');
    bot.on('error', () => {});
    bot.end();
}

// ---- 1. crafting plans ------------------------------------------------------

function listJson(dir) {
    const out = [];
    for (const e of readdirSync(dir).sort()) {
        const p = path.join(dir, e);
        if (statSync(p).isDirectory()) out.push(...listJson(p));
        else if (e.endsWith('.json')) out.push(p);
    }
    return out;
}

function taskFiles() {
    const files = listJson(path.join(mcDir, 'tasks'))
        .map(f => path.relative(mcDir, f))
        .filter(f => !f.startsWith('tasks/construction_tasks/') && !f.startsWith('tasks/cooking_tasks/'));
    const out = [];
    for (const f of files) {
        let data;
        try { data = JSON.parse(readFileSync(f, 'utf8')); } catch { continue; }
        if (!data || typeof data !== 'object' || Array.isArray(data)) continue;
        const ids = Object.keys(data).filter(id => data[id] && data[id].type === 'techtree');
        if (ids.length) out.push({ file: f, data, ids });
    }
    return out;
}

const canon = (inv) => JSON.stringify(sortKeys(inv || {}));

// getDetailedCraftingPlan throws for some items (unbounded recursion through
// a recipe cycle); !getCraftingPlan would catch that and print the message.
function plan(item, count, inventory) {
    try {
        return { plan: mc.getDetailedCraftingPlan(item, count, { ...inventory }), error: null };
    } catch (err) {
        return { plan: null, error: `${err.name}: ${err.message}` };
    }
}

function renderPlans() {
    const byKey = new Map();
    let skipped = [];
    const add = (item, count, inventory, ref) => {
        const key = `${item}\u0000${count}\u0000${canon(inventory)}`;
        if (!byKey.has(key)) {
            byKey.set(key, {
                item, count, inventory: sortKeys(inventory),
                ...plan(item, count, inventory),
                used_by: [],
            });
        }
        byKey.get(key).used_by.push(ref);
    };
    for (const { file, data, ids } of taskFiles()) {
        for (const id of ids) {
            const t = data[id];
            if (typeof t.target !== 'string') { skipped.push(`${file}:${id} (target ${JSON.stringify(t.target)})`); continue; }
            const count = t.number_of_target ?? 1;
            const invs = t.initial_inventory || {};
            const team = {};
            for (const agent of Object.keys(invs).sort((a, b) => Number(a) - Number(b))) {
                add(t.target, count, invs[agent], { file, task_id: id, inventory_of: `agent ${agent}` });
                for (const [k, n] of Object.entries(invs[agent])) team[k] = (team[k] || 0) + n;
            }
            // Not a MINDcraft input by itself: the plan one agent would get
            // holding the whole team's starting items (every item given to it).
            if (Object.keys(invs).length > 1) add(t.target, count, team, { file, task_id: id, inventory_of: 'team (all agents pooled)' });
            add(t.target, count, {}, { file, task_id: id, inventory_of: 'empty' });
        }
    }
    const ordered = [...byKey.values()].sort((a, b) =>
        a.item.localeCompare(b.item) || a.count - b.count || canon(a.inventory).localeCompare(canon(b.inventory)));
    for (const p of ordered) p.used_by.sort((a, b) => JSON.stringify(sortKeys(a)).localeCompare(JSON.stringify(sortKeys(b))));
    writeFixture('crafting_plans_tasks.json', 'getDetailedCraftingPlan over MINDcraft techtree task files', {
        note: 'mcdata.getDetailedCraftingPlan(item, count, inventory) for every techtree task target in MINDcraft tasks/ (outside construction_tasks/ and cooking_tasks/), with each agent\'s initial_inventory, the team\'s pooled inventory, and an empty one. Deduplicated on (item, count, inventory); used_by lists where each case comes from.',
        skipped: skipped.sort(),
        plans: ordered,
    });

    const extra = (cases.crafting_plans || []).map(c => ({
        name: c.name, item: c.item, count: c.count ?? 1, inventory: sortKeys(c.inventory || {}),
        ...plan(c.item, c.count ?? 1, c.inventory || {}),
    }));
    writeFixture('crafting_plans_cases.json', 'getDetailedCraftingPlan over cases.json crafting_plans', {
        note: 'mcdata.getDetailedCraftingPlan(item, count, inventory) for the cases in scripts/mindcraft-fixtures/cases.json, in file order.',
        plans: extra,
    });
    return { tasks: ordered.length, cases: extra.length };
}

// ---- 2. prompts -------------------------------------------------------------

// A bot stand-in for commands whose text comes from the inventory alone
// (!inventory, !getCraftingPlan): it lists the given items, one stack per
// name in the given order, wears nothing, and is in the given game mode.
function inventoryBot(counts, gameMode = 'survival') {
    const items = Object.entries(counts || {}).map(([name, count]) => ({ name, count }));
    return {
        inventory: { items: () => items.map(i => ({ ...i })), slots: [] },
        game: { gameMode },
    };
}

async function renderPrompts() {
    const { Prompter } = await mcImport('src/models/prompter.js');
    const { History } = await mcImport('src/agent/history.js');
    const { SelfPrompter } = await mcImport('src/agent/self_prompter.js');
    const { Task } = await mcImport('src/agent/tasks/tasks.js');
    const commands = await mcImport('src/agent/commands/index.js');
    const statsCmd = commands.getCommand('!stats');
    const inventoryCmd = commands.getCommand('!inventory');
    const origStats = statsCmd.perform;
    const origInventory = inventoryCmd.perform;

    // The SDK clients are constructed but never called; they want a key.
    for (const k of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY', 'MISTRAL_API_KEY', 'GROQCLOUD_API_KEY', 'XAI_API_KEY', 'DEEPSEEK_API_KEY', 'QWEN_API_KEY', 'OPENROUTER_API_KEY'])
        if (!process.env[k]) process.env[k] = 'fixture-renderer-no-network';

    const out = [];
    for (const c of cases.prompts || []) {
        applySettings(c.settings || {});
        const profile = JSON.parse(readFileSync(c.profile, 'utf8'));
        if (c.agent_name) profile.name = c.agent_name; // as tasks/evaluation_script.py make_profiles does
        if (c.model) profile.model = c.model;

        const agent = {
            count_id: c.count_id ?? 0,
            actions: { currentActionLabel: c.action ?? '' },
            npc: {},
            bot: inventoryBot(c.inventory, c.game_mode),
        };
        agent.prompter = new Prompter(agent, profile);
        agent.name = agent.prompter.getName();
        if (agent.prompter.embedding_model !== null)
            throw new Error(`case ${c.name}: profile selects an embedding model (${profile.model}); fixtures need word-overlap example selection`);
        agent.history = new History(agent);
        agent.self_prompter = new SelfPrompter(agent);
        agent.self_prompter.startLoop = async () => {}; // no live loop; state and prompt are as !goal leaves them
        await agent.prompter.initExamples();

        let taskData = null;
        if (c.task) {
            const tasks = JSON.parse(readFileSync(c.task.file, 'utf8'));
            taskData = tasks[c.task.id];
            if (!taskData) throw new Error(`case ${c.name}: no task ${c.task.id} in ${c.task.file}`);
            taskData.task_id = c.task.id; // as main.js does
        }
        agent.task = new Task(agent, taskData, 0);
        agent.blocked_actions = settings.blocked_actions.concat(agent.task.blocked_actions || []);
        let goal = null;
        if (taskData) {
            agent.task.updateAvailableAgents(c.agents || [agent.name]);
            await agent.task.setAgentGoal(); // runs !goal through executeCommand
            goal = agent.self_prompter.isStopped() ? null : agent.self_prompter.prompt;
        }
        if (c.memory) agent.history.memory = c.memory;
        for (const m of c.messages || []) await agent.history.add(m.from, m.text);
        const turns = agent.history.getHistory();

        statsCmd.perform = async () => c.stats ?? '';
        if (c.inventory_text !== undefined) inventoryCmd.perform = async () => c.inventory_text;
        let system;
        try {
            system = await agent.prompter.replaceStrings(agent.prompter.profile.conversing, turns, agent.prompter.convo_examples);
        } finally {
            statsCmd.perform = origStats;
            inventoryCmd.perform = origInventory;
        }

        // What the chat model's own sendRequest packs for an OpenAI-style
        // client (vllm.js, gpt.js), captured at the client call.
        let request = null;
        const model = agent.prompter.chat_model;
        const client = model.vllm || model.openai;
        if (client) {
            client.chat.completions.create = async (pack) => {
                request = JSON.parse(JSON.stringify(pack));
                return { choices: [{ message: { content: '' }, finish_reason: 'stop' }] };
            };
            await model.sendRequest(turns, system);
        }

        out.push({
            name: c.name,
            input: c,
            agent_name: agent.name,
            inventory_items: Object.entries(c.inventory || {}), // the order the stand-in lists them
            blocked_actions: agent.blocked_actions,
            goal,
            system,
            turns,
            request,
        });
        log(`prompt ${c.name}: ${system.length} chars`);
    }
    writeFixture('prompts.json', 'Prompter.replaceStrings(profile.conversing) over cases.json prompts', {
        note: 'For each case: the profile merged by Prompter over profiles/defaults/_default.json and the base profile; the goal set by Task.setAgentGoal through !goal; history turns from History.add; system = Prompter.replaceStrings(profile.conversing, turns, convo_examples) as promptConvo renders it, with $STATS taken from the case (it needs a live world) and $INVENTORY from MINDcraft\'s !inventory over a bot stand-in holding the case\'s inventory (one stack per item, in the given order; or the case\'s inventory_text); request = what the chat model\'s sendRequest hands its OpenAI-style client (null for other APIs).',
        prompts: out,
    });
    return out.length;
}

// ---- 3. command texts ---------------------------------------------------------

async function renderCommands() {
    const commands = await mcImport('src/agent/commands/index.js');
    const out = [];
    for (const c of cases.command_outputs || []) {
        applySettings(c.settings || {});
        const agent = { name: 'fixture', bot: inventoryBot(c.inventory, c.game_mode), blocked_actions: [] };
        const text = await commands.executeCommand(agent, c.command);
        out.push({ name: c.name, command: c.command, inventory: sortKeys(c.inventory || {}), output: text });
    }
    applySettings();
    const docs = {};
    for (const c of cases.command_docs || []) {
        docs[c.name] = { blocked_actions: c.blocked_actions, docs: commands.getCommandDocs({ blocked_actions: c.blocked_actions }) };
    }
    writeFixture('commands.json', 'command texts over cases.json', {
        note: 'outputs: executeCommand(agent, command) with a bot stand-in that only lists the given inventory (world.getInventoryCounts reads nothing else); docs: getCommandDocs for the given blocked_actions.',
        outputs: out,
        command_docs: docs,
    });
    return { outputs: out.length, docs: Object.keys(docs).length };
}

// ---- 3b. blueprint texts -------------------------------------------------------

async function renderBlueprints() {
    const { Blueprint } = await mcImport('src/agent/tasks/construction_tasks.js');
    const registry = mcRequire('minecraft-data')(settings.minecraft_version);
    const out = [];
    for (const c of cases.blueprints || []) {
        const tasks = JSON.parse(readFileSync(c.task.file, 'utf8'));
        const data = tasks[c.task.id].blueprint;
        const bp = new Blueprint(data);
        // A world stand-in for Blueprint.checkLevel: bot.blockAt answers the
        // placed blocks (everything else is air, as blockAt's null reads).
        const world = new Map();
        for (const lv of c.placed_from_blueprint?.levels || []) {
            const level = data.levels[lv];
            level.placement.forEach((row, z) => row.forEach((name, x) => {
                if (name !== 'air') world.set([level.coordinates[0] + x, level.coordinates[1], level.coordinates[2] + z].join(','), name);
            }));
        }
        for (const b of c.placed || []) world.set(b.pos.join(','), b.name);
        for (const name of world.values())
            if (!registry.blocksByName[name]) throw new Error(`case ${c.name}: unknown block ${name}`);
        const bot = {
            registry,
            blockAt: (v) => {
                const name = world.get([v.x, v.y, v.z].join(','));
                return name === undefined ? null : { type: registry.blocksByName[name].id, name };
            },
        };
        const levels = data.levels.map((_, i) => ({
            explain_level: bp.explainLevel(i),
            explain_level_difference: bp.explainLevelDifference(bot, i),
            mismatches: bp.checkLevel(bot, i).mismatches.length,
        }));
        out.push({
            name: c.name,
            task: c.task,
            placed: [...world.entries()].map(([k, name]) => ({ pos: k.split(',').map(Number), name })),
            explain: bp.explain(),
            explain_blueprint_difference: bp.explainBlueprintDifference(bot),
            levels,
        });
    }
    writeFixture('blueprints.json', 'Blueprint texts over cases.json blueprints', {
        note: 'construction_tasks.js Blueprint over a task\'s blueprint: explain() (what Task appends to the goal), explainLevel(i), and explainBlueprintDifference / explainLevelDifference (the !checkBlueprint / !checkBlueprintLevel texts) against a world stand-in whose blockAt answers the placed blocks (placed_from_blueprint levels, then placed) and air elsewhere.',
        blueprints: out,
    });
    return out.length;
}

// ---- 4. calls ------------------------------------------------------------------

// The same stand-in, listing [name, count] pairs in the given order.
function inventoryBotItems(pairs, gameMode = 'survival') {
    return inventoryBot(Object.fromEntries(pairs), gameMode);
}

// Each case of calls.json (written by go test -run TestMindcraftCalls
// -write-call-cases) is one call's state in our engine: render what
// MINDcraft's Prompter and model classes make of it and send.
async function renderCalls() {
    if (!existsSync(args.calls)) return 0;
    const doc = JSON.parse(zlib.gunzipSync(readFileSync(args.calls)).toString('utf8'));
    const { Prompter } = await mcImport('src/models/prompter.js');
    const { History } = await mcImport('src/agent/history.js');
    const { SelfPrompter } = await mcImport('src/agent/self_prompter.js');
    const { Task } = await mcImport('src/agent/tasks/tasks.js');
    const commands = await mcImport('src/agent/commands/index.js');
    const statsCmd = commands.getCommand('!stats');
    const origStats = statsCmd.perform;
    for (const k of ['OPENAI_API_KEY'])
        if (!process.env[k]) process.env[k] = 'fixture-renderer-no-network';

    const out = [];
    for (const c of doc.cases) {
        applySettings(c.settings || {});
        const profile = JSON.parse(readFileSync(c.profile, 'utf8'));
        profile.name = c.agent_name; // as tasks/evaluation_script.py make_profiles does for --api vllm
        profile.model = { api: 'vllm', model: doc.apis.vllm, url: 'http://127.0.0.1:8000/v1' };
        const agent = {
            count_id: c.count_id,
            actions: { currentActionLabel: '' },
            npc: {},
            bot: inventoryBotItems(c.inventory_items),
        };
        agent.prompter = new Prompter(agent, profile);
        agent.name = agent.prompter.getName();
        if (agent.prompter.embedding_model !== null) throw new Error(`case ${c.name}: embedding model selected`);
        agent.history = new History(agent);
        agent.self_prompter = new SelfPrompter(agent);
        agent.self_prompter.startLoop = async () => {};
        await agent.prompter.initExamples();
        const taskData = JSON.parse(JSON.stringify(doc.tasks[c.task_id]));
        taskData.task_id = c.task_id; // as main.js does
        agent.task = new Task(agent, taskData, 0);
        agent.blocked_actions = settings.blocked_actions.concat(agent.task.blocked_actions || []);
        agent.task.updateAvailableAgents(c.agents);
        await agent.task.setAgentGoal(); // !goal: the self-prompter is active with the goal
        if (c.self_prompt_stopped) agent.self_prompter.state = 0; // STOPPED
        agent.history.memory = c.memory;
        for (const m of c.messages || []) await agent.history.add(m.from, m.text);

        statsCmd.perform = async () => c.stats;
        let prompt, turns;
        try {
            const p = agent.prompter;
            if (c.kind === 'conversation') { // promptConvo
                turns = agent.history.getHistory();
                prompt = await p.replaceStrings(p.profile.conversing, turns, p.convo_examples);
            } else if (c.kind === 'memory') { // promptMemSaving
                turns = [];
                prompt = await p.replaceStrings(p.profile.saving_memory, null, null, c.turns);
            } else if (c.kind === 'coding') { // promptCoding
                turns = c.turns;
                prompt = await p.replaceStrings(p.profile.coding, turns, p.coding_examples);
            } else if (c.kind === 'bot_responder') { // promptShouldRespondToBot: history + the new message
                agent.actions.currentActionLabel = c.action;
                turns = [];
                prompt = await p.replaceStrings(p.profile.bot_responder, null, null, c.turns);
            } else throw new Error(`case ${c.name}: kind ${c.kind}`);
        } finally {
            statsCmd.perform = origStats;
        }

        // What each API's model class hands its OpenAI-style client.
        const requests = {};
        for (const [api, modelName] of Object.entries(doc.apis)) {
            const model = agent.prompter._createModel({ api, model: modelName, url: 'http://127.0.0.1:8000/v1' });
            const client = model.vllm || model.openai;
            let pack = null;
            client.chat.completions.create = async (pk) => {
                pack = JSON.parse(JSON.stringify(pk));
                return { choices: [{ message: { content: '' }, finish_reason: 'stop' }] };
            };
            await model.sendRequest(JSON.parse(JSON.stringify(turns)), prompt);
            requests[api] = pack.messages;
        }
        out.push({ name: c.name, requests });
    }
    writeFixture('calls.json.gz', 'what MINDcraft sends for the call states of scripts/mindcraft-fixtures/calls.json', {
        note: 'For each case: the task profile merged by Prompter, the goal set by Task.setAgentGoal through !goal (then the self-prompter stopped if the case says so), the memory, history turns from History.add; the prompt rendered by Prompter.replaceStrings as promptConvo, promptMemSaving, promptCoding or promptShouldRespondToBot renders it ($STATS from the case, $INVENTORY from !inventory over a stand-in listing the case\'s items in order); requests = the messages each API\'s model class (vllm.js, gpt.js) hands its client.',
        calls: out,
    }, { gzip: true });
    return out.length;
}

const counts = {};
counts.plans = renderPlans();
counts.prompts = await renderPrompts();
counts.commands = await renderCommands();
counts.blueprints = await renderBlueprints();
counts.calls = await renderCalls();
log(JSON.stringify(counts));
process.exit(0);
