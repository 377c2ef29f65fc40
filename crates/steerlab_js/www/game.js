// A web game's own entities steered by a steerlab preset, drawn with plain canvas 2D through
// the runtime API alone (steerlab_js.js, built without the editor). The page owns every
// entity's position and velocity in its own typed arrays; each tick it hands them to the
// crowd, steers once, reads the forces and moves its arrays (here with `advance`, steerlab's
// own motion, so the preset plays as tuned; a game with physics of its own moves them itself).
// The mouse is the pointer, a click moves the click target.
import init, { Crowd } from "./steerlab_js.js";

// The editor's colours (steerlab::sim::colors): its groups, the applied force, the scenery.
const GROUP_COLOURS = ["#64aaff", "#ff786e", "#78dc82", "#f0c85a", "#c88cff", "#5adcdc", "#ffa0d2", "#c8c8c8"];
const FORCE = "rgba(255, 45, 45, 0.75)";
const SCENERY = "#5f6478";
const canvas = document.getElementById("game");
const ctx = canvas.getContext("2d");
const status = document.getElementById("status");
const unmetLine = document.getElementById("unmet");
const picker = document.getElementById("preset");

await init();
const presets = await (await fetch("presets/index.json")).json();
for (const file of presets) picker.add(new Option(file.replace(/\.ron$/, ""), file));
picker.value = new URLSearchParams(location.search).get("preset") ?? "hunter_and_prey.ron";

let game = null;

/** A fresh game on `file`: the crowd, and the page's own arrays of its population. */
async function load(file) {
  const text = await (await fetch(`presets/${file}`)).text();
  const crowd = new Crowd(text, file);
  game?.crowd.free();
  game = {
    crowd,
    names: crowd.groupNames(),
    size: crowd.worldSize(),
    walls: crowd.walls(),
    // The level's blocks of wall, filled (their edges are among the walls).
    blocks: Array.from({ length: crowd.levelBlockCount() }, (_, k) => crowd.levelBlock(k)),
    obstacles: crowd.obstacles(),
    positions: new Float32Array(0),
    velocities: new Float32Array(0),
    carry: 0,
  };
  takeIn(crowd.populate());
  document.body.dataset.scene = file;
}

/** Newcomer rows `[id, group, x, y, vx, vy]` appended to the page's arrays. */
function takeIn(rows) {
  const n = rows.length / 6;
  if (n === 0) return;
  const grow = (old) => {
    const a = new Float32Array(old.length + 2 * n);
    a.set(old);
    return a;
  };
  const [p, v] = [grow(game.positions), grow(game.velocities)];
  for (let k = 0; k < n; k++) {
    p.set([rows[6 * k + 2], rows[6 * k + 3]], game.positions.length + 2 * k);
    v.set([rows[6 * k + 4], rows[6 * k + 5]], game.velocities.length + 2 * k);
  }
  game.positions = p;
  game.velocities = v;
}

/** One fixed tick of the game. */
function tick() {
  const { crowd } = game;
  takeIn(crowd.due());
  crowd.setMotions(game.positions, game.velocities);
  crowd.steer();
  crowd.advance(game.positions, game.velocities);
}

/** The world's transform to the canvas: fit, centred, y down as in steerlab. */
function view() {
  const [w, h] = game.size;
  const scale = Math.min(canvas.width / w, canvas.height / h) * 0.95;
  return { scale, x0: (canvas.width - w * scale) / 2, y0: (canvas.height - h * scale) / 2 };
}

function draw() {
  const { scale, x0, y0 } = view();
  const [w, h] = game.size;
  const at = (x, y) => [x0 + x * scale, y0 + y * scale];
  ctx.fillStyle = "#161920";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = "#505a6e";
  ctx.lineWidth = 1;
  ctx.strokeRect(x0, y0, w * scale, h * scale);
  // The scenery the crowd steers around.
  ctx.strokeStyle = SCENERY;
  ctx.fillStyle = "rgba(95, 100, 120, 0.35)";
  ctx.lineWidth = 3;
  for (const block of game.blocks) {
    ctx.beginPath();
    for (let k = 0; k < block.length; k += 2) {
      const [x, y] = at(block[k], block[k + 1]);
      if (k === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.closePath();
    ctx.fill();
  }
  for (let k = 0; k < game.walls.length; k += 4) {
    ctx.beginPath();
    ctx.moveTo(...at(game.walls[k], game.walls[k + 1]));
    ctx.lineTo(...at(game.walls[k + 2], game.walls[k + 3]));
    ctx.stroke();
  }
  for (let k = 0; k < game.obstacles.length; k += 3) {
    ctx.beginPath();
    ctx.arc(...at(game.obstacles[k], game.obstacles[k + 1]), game.obstacles[k + 2] * scale, 0, 2 * Math.PI);
    ctx.fill();
  }
  const groups = game.crowd.groups();
  const forces = game.crowd.forces();
  const { positions: p, velocities: v } = game;
  // Each entity's steering force, under the bodies.
  ctx.strokeStyle = FORCE;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  for (let k = 0; k < groups.length; k++) {
    const [x, y] = at(p[2 * k], p[2 * k + 1]);
    ctx.moveTo(x, y);
    ctx.lineTo(x + forces[2 * k] * 0.25 * scale, y + forces[2 * k + 1] * 0.25 * scale);
  }
  ctx.stroke();
  // Each entity as a triangle along its velocity, in its group's colour.
  const size = 9 * scale;
  for (let k = 0; k < groups.length; k++) {
    const [x, y] = at(p[2 * k], p[2 * k + 1]);
    const speed = Math.hypot(v[2 * k], v[2 * k + 1]);
    const [dx, dy] = speed > 1e-6 ? [v[2 * k] / speed, v[2 * k + 1] / speed] : [1, 0];
    ctx.fillStyle = GROUP_COLOURS[groups[k] % GROUP_COLOURS.length];
    ctx.beginPath();
    ctx.moveTo(x + dx * size, y + dy * size);
    ctx.lineTo(x - dx * size * 0.7 - dy * size * 0.55, y - dy * size * 0.7 + dx * size * 0.55);
    ctx.lineTo(x - dx * size * 0.7 + dy * size * 0.55, y - dy * size * 0.7 - dx * size * 0.55);
    ctx.fill();
  }
  // The legend: each group's colour and name.
  ctx.font = `${13 * devicePixelRatio}px system-ui, sans-serif`;
  game.names.forEach((name, g) => {
    ctx.fillStyle = GROUP_COLOURS[g % GROUP_COLOURS.length];
    ctx.fillText(`▲ ${name}`, x0 + 10, y0 + (20 + 18 * g) * devicePixelRatio);
  });
  ctx.fillStyle = FORCE;
  ctx.fillText("— steering force", x0 + 10, y0 + (20 + 18 * game.names.length) * devicePixelRatio);
}

function toWorld(event) {
  const { scale, x0, y0 } = view();
  const r = canvas.getBoundingClientRect();
  const px = (event.clientX - r.left) * (canvas.width / r.width);
  const py = (event.clientY - r.top) * (canvas.height / r.height);
  return [(px - x0) / scale, (py - y0) / scale];
}
canvas.addEventListener("pointermove", (e) => game?.crowd.setPointer(...toWorld(e)));
canvas.addEventListener("pointerleave", () => game?.crowd.clearPointer());
canvas.addEventListener("click", (e) => game?.crowd.setClick(...toWorld(e)));
picker.addEventListener("change", () => load(picker.value));

let last = performance.now();
function frame(now) {
  canvas.width = canvas.clientWidth * devicePixelRatio;
  canvas.height = canvas.clientHeight * devicePixelRatio;
  if (game) {
    // Fixed ticks of the scene's dt, however fast the page draws (at most 5 a frame).
    game.carry = Math.min(game.carry + (now - last) / 1000, 5 * game.crowd.dt);
    while (game.carry >= game.crowd.dt) {
      tick();
      game.carry -= game.crowd.dt;
    }
    draw();
    status.textContent = `tick ${game.crowd.tick}, ${game.crowd.length} entities`;
    document.body.dataset.tick = String(game.crowd.tick);
    const unmet = game.crowd.unmet();
    unmetLine.textContent = unmet.length ? `${unmet.length} waiting for a target: ${unmet[0]}` : "";
  }
  last = now;
  requestAnimationFrame(frame);
}
await load(picker.value);
requestAnimationFrame(frame);
