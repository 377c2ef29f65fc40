// The runtime for web games under Node, loaded as docs/embedding.md shows (the ES module that
// scripts/web.sh builds, given the .wasm's bytes: Node cannot fetch a file: address), then:
// a scene with a level steps, its walls include the level's edges, and step() refuses what is
// not a tick count and runs nothing then. Usage: node runtime_node.mjs DIST/runtime
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dir = resolve(process.argv[2]);
const { initSync, Simulation } = await import(pathToFileURL(`${dir}/steerlab_js.js`).href);
initSync({ module: readFileSync(`${dir}/steerlab_js_bg.wasm`) });
const fail = (what) => {
  console.error(`runtime under Node: FAILED: ${what}`);
  process.exit(1);
};
const sim = new Simulation(readFileSync(`${dir}/presets/navigate_level.ron`, "utf8"), "navigate_level.ron");
sim.step(3);
if (sim.tick !== 3) fail(`step(3) ran to tick ${sim.tick}`);
// An outline of 4 corners and two blocks of 4: 12 edges, 4 numbers each.
if (sim.walls().length !== 48) fail(`walls() has ${sim.walls().length} numbers, not 48`);
if (sim.levelBlockCount() !== 2 || sim.levelBlock(0).length !== 8) fail("the level's blocks");
for (const bad of [-1, 1.5, NaN, Infinity, 1e7]) {
  let said = "";
  try {
    sim.step(bad);
  } catch (e) {
    said = String(e);
  }
  if (!said.includes("whole number from 0 to")) fail(`step(${bad}) was not refused: "${said}"`);
}
if (sim.tick !== 3) fail(`a refused step ran ticks: tick ${sim.tick}`);
sim.free();
console.log("runtime under Node: initSync with the .wasm's bytes, 3 ticks, the level's 12 walls, step(-1) refused");
