// The runtime API under Node against the native build: each scene given on the command line is
// played STEPS ticks through the wasm module (wasm-bindgen's Node module, its directory first)
// twice, as a whole `Simulation` and as the game's own entities in a `Crowd` (the game's
// typed arrays, the scene's population and spawn queues, `setMotions`, `steer`, `advance`),
// and each run is printed as `steerlab simulate FILE --steps STEPS --bits` prints it. Prints
// `SHA256  API  FILE` per run. Usage:
//   node same_bits.mjs PKG_DIR STEPS FILE...
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";

const [pkg, stepsText, ...files] = process.argv.slice(2);
const steerlab = createRequire(import.meta.url)(resolve(pkg, "steerlab_js.js"));
const steps = Number(stepsText);

/// An f32's bits as 8 hex digits.
const hex = (bits) => bits.toString(16).padStart(8, "0");

/// One tick's rows, as the native CSV prints them.
function rows(tick, ids, groups, names, positions, velocities, forces) {
  const p = new Uint32Array(positions.buffer, positions.byteOffset, positions.length);
  const v = new Uint32Array(velocities.buffer, velocities.byteOffset, velocities.length);
  const f = new Uint32Array(forces.buffer, forces.byteOffset, forces.length);
  let out = "";
  for (let k = 0; k < ids.length; k++) {
    const numbers = [p[2 * k], p[2 * k + 1], v[2 * k], v[2 * k + 1], f[2 * k], f[2 * k + 1]];
    out += `${tick},${ids[k]},${names[groups[k]]},${numbers.map(hex).join(",")}\n`;
  }
  return out;
}

const HEADER = "tick,agent,group,x,y,vx,vy,fx,fy\n";

function asSimulation(text, file) {
  const sim = new steerlab.Simulation(text, file);
  const names = sim.groupNames();
  let csv = HEADER;
  for (let tick = 1; tick <= steps; tick++) {
    sim.step(1);
    csv += rows(tick, sim.ids(), sim.groups(), names, sim.positions(), sim.velocities(), sim.forces());
  }
  sim.free();
  return csv;
}

/// The game: its own typed arrays, grown as entities come in.
function asGameEntities(text, file) {
  const crowd = new steerlab.Crowd(text, file);
  const names = crowd.groupNames();
  let positions = new Float32Array(0);
  let velocities = new Float32Array(0);
  const take = (newcomers) => {
    const n = newcomers.length / 6;
    if (n === 0) return;
    const p = new Float32Array(positions.length + 2 * n);
    const v = new Float32Array(velocities.length + 2 * n);
    p.set(positions);
    v.set(velocities);
    for (let k = 0; k < n; k++) {
      const row = newcomers.subarray(6 * k, 6 * k + 6);
      p.set([row[2], row[3]], positions.length + 2 * k);
      v.set([row[4], row[5]], velocities.length + 2 * k);
    }
    positions = p;
    velocities = v;
  };
  take(crowd.populate());
  let csv = HEADER;
  for (let tick = 1; tick <= steps; tick++) {
    take(crowd.due());
    crowd.setMotions(positions, velocities);
    crowd.steer();
    crowd.advance(positions, velocities);
    csv += rows(tick, crowd.ids(), crowd.groups(), names, positions, velocities, crowd.forces());
  }
  crowd.free();
  return csv;
}

let failed = false;
// step() refuses what is not a tick count (a number JavaScript hands over as it is: -1 would
// otherwise be read as 4,294,967,295 ticks, 1.5 as one), and runs nothing then.
{
  const sim = new steerlab.Simulation(readFileSync(files[0], "utf8"), files[0]);
  for (const bad of [-1, 1.5, NaN, Infinity]) {
    let message = "";
    try {
      sim.step(bad);
    } catch (e) {
      message = String(e);
    }
    if (!message.includes("whole number from 0 to") || sim.tick !== 0) {
      console.error(`step(${bad}) was not refused (tick ${sim.tick}): ${message}`);
      process.exit(1);
    }
  }
  sim.free();
}

for (const file of files) {
  const text = readFileSync(file, "utf8");
  for (const [api, play] of [["Simulation", asSimulation], ["Crowd", asGameEntities]]) {
    try {
      console.log(`${createHash("sha256").update(play(text, file)).digest("hex")}  ${api}  ${file}`);
    } catch (error) {
      console.error(`${file} (${api}): ${error}`);
      failed = true;
    }
  }
}
process.exit(failed ? 1 : 0);
