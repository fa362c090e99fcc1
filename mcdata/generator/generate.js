// Writes collabcraft's embedded Minecraft data (mcdata/data/mcdata.json)
// from the npm package minecraft-data, pinned exactly in package.json.
//
// Usage (from the repository root): make mcdata
//   or: cd mcdata/generator && npm ci && node generate.js ../data/mcdata.json
//
// The output is deterministic: items, blocks and foods are sorted by name,
// recipes by result name, and the alternatives of one result keep
// minecraft-data's order (MINDcraft's planner takes the first one, so that
// order carries meaning). minecraft-data already expands item tags (#planks,
// #wool, ...) into one recipe per concrete item, so the file holds no tags.
'use strict';

const fs = require('fs');
const path = require('path');

const MINECRAFT_VERSION = '1.21.1';
const pkg = require('minecraft-data/package.json');
const mcData = require('minecraft-data')(MINECRAFT_VERSION);

const out = process.argv[2];
if (!out) {
  console.error('usage: node generate.js OUTPUT.json');
  process.exit(2);
}

const itemName = (id) => {
  const it = mcData.items[id];
  if (!it) throw new Error(`unknown item id ${id}`);
  return it.name;
};
const byName = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

// Items: name and stack size.
const items = mcData.itemsArray
  .map((it) => [it.name, it.stackSize])
  .sort((a, b) => byName(a[0], b[0]));

// Best tool class from the block's material, e.g. "mineable/pickaxe" or
// "plant;mineable/axe": the mineable/ tag wins; wool and cobwebs are fastest
// with shears.
//
// minecraft-data 3.84.1 gives the 101 blocks of 1.21.1 that need at least a
// stone pickaxe (ores, metal and copper blocks, obsidian, ...) the material
// "incorrect_for_wooden_tool" (the tag of tools that cannot mine them)
// instead of "mineable/pickaxe". MINDcraft's harness runs on that package
// with its own patch (patches/minecraft-data+3.84.1.patch) that sets exactly
// those 101 materials back to "mineable/pickaxe"; reading that material as
// the pickaxe here gives the data MINDcraft's patched package has.
const PATCHED_MATERIAL = { incorrect_for_wooden_tool: 'mineable/pickaxe' };
function bestTool(material) {
  const parts = (PATCHED_MATERIAL[material] || material || '').split(';');
  for (const p of parts) {
    if (p.startsWith('mineable/')) return p.slice('mineable/'.length);
  }
  if (parts.includes('wool') || parts.includes('coweb')) return 'shears';
  return '';
}

// The guaranteed count of a drop: the smallest stack size minecraft-data's
// loot table gives it without silk touch, or 1.
function dropCount(block, item) {
  const loot = mcData.blockLoot[block];
  if (!loot) return 1;
  for (const d of loot.drops) {
    if (d.item !== item || d.silkTouch || d.blockAge !== undefined) continue;
    const lo = (d.stackSizeRange || [])[0];
    if (typeof lo === 'number' && lo >= 1) return lo;
  }
  return 1;
}

const blocks = mcData.blocksArray
  .map((b) => {
    const drops = new Map();
    for (const id of b.drops) {
      const n = itemName(id);
      drops.set(n, drops.has(n) ? drops.get(n) + 1 : dropCount(b.name, n));
    }
    const tools = Object.keys(b.harvestTools || {}).map(itemName).sort(byName);
    const rec = {
      name: b.name,
      hardness: b.hardness === null || b.hardness === undefined ? -1 : b.hardness,
      drops: [...drops.entries()].sort((x, y) => byName(x[0], y[0])),
      harvestTools: tools,
      requiresTool: tools.length > 0,
      bestTool: bestTool(b.material),
    };
    // The orientation properties a placed block can hold (stairs, doors,
    // ladders, wall signs: facing; logs and pillars: axis), in
    // minecraft-data's value order; absent when the block has none.
    for (const s of b.states || []) {
      if (s.name === 'facing' || s.name === 'axis') rec[s.name] = s.values;
    }
    return rec;
  })
  .sort((a, b) => byName(a.name, b.name));

// Recipes: ingredients in the order they first appear in the grid (MINDcraft
// prints them in that order), counts merged.
const recipes = [];
for (const id of Object.keys(mcData.recipes)) {
  for (const r of mcData.recipes[id]) {
    let cells;
    let needsTable;
    let shaped;
    if (r.inShape) {
      shaped = true;
      cells = r.inShape.flat();
      const width = Math.max(...r.inShape.map((row) => row.length));
      needsTable = r.inShape.length > 2 || width > 2;
    } else {
      shaped = false;
      cells = r.ingredients;
      needsTable = cells.length > 4;
    }
    const counts = new Map();
    for (const c of cells) {
      if (c === null || c === undefined) continue;
      const n = itemName(c);
      counts.set(n, (counts.get(n) || 0) + 1);
    }
    recipes.push({
      result: itemName(r.result.id),
      count: r.result.count,
      ingredients: [...counts.entries()],
      needsTable,
      shaped,
    });
  }
}
// Stable sort: alternatives of one result keep minecraft-data's order.
recipes.sort((a, b) => byName(a.result, b.result));

const foods = mcData.foodsArray
  .map((f) => [f.name, f.foodPoints, f.saturation])
  .sort((a, b) => byName(a[0], b[0]));

// One record per line keeps the committed file small and its diffs readable.
const lines = [];
lines.push('{');
lines.push(`"source":${JSON.stringify(`minecraft-data ${pkg.version}`)},`);
lines.push(`"minecraftVersion":${JSON.stringify(MINECRAFT_VERSION)},`);
const section = (name, rows, last) => {
  lines.push(`${JSON.stringify(name)}:[`);
  rows.forEach((row, i) => lines.push(JSON.stringify(row) + (i < rows.length - 1 ? ',' : '')));
  lines.push(']' + (last ? '' : ','));
};
section('items', items);
section('blocks', blocks);
section('recipes', recipes);
section('foods', foods, true);
lines.push('}');

fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, lines.join('\n') + '\n');
console.log(
  `wrote ${out}: minecraft-data ${pkg.version} (Minecraft ${MINECRAFT_VERSION}), ` +
    `${items.length} items, ${blocks.length} blocks, ${recipes.length} recipes, ${foods.length} foods`
);
