// The web editor in a real browser: the system's headless Chromium, driven by playwright-core,
// loads the built page (scripts/web.sh) from scripts/serve.py (which sends the compressed
// copies) and checks that
//   - over a 20 Mbit/s, 40 ms link (Chromium's network emulation) the page shows its loading
//     bar with the download's progress from its first paint, the editor's .wasm comes
//     compressed, and the first scene is painted in under 2 s (the median of three loads);
//   - without WebGL, without WebAssembly, and when the .wasm does not load, the page says what
//     is missing and what to try;
//   - the default scene plays: the canvas is not one colour, the tick advances, the console
//     has no errors;
//   - a preset's share link (made by the native `steerlab link`) opens that preset: the
//     page's title and <body data-scene> name it, and it plays;
//   - a tampered link and a link that is not a scene show their errors (<body data-errors>)
//     over the default scene, which still plays: never a blank page; a character outside the
//     links' alphabet is placed by its position in the link's data; once said, the broken link
//     leaves the address bar;
//   - a scene too heavy for real time (the seek preset with 200,000 agents) is painted, paused
//     and said to be; at 100,000 agents a quick click opens a menu and answers "Lower the
//     counts" and "Play anyway" (the times printed);
//   - a recording (Capture…, Record) downloads as a GIF of all its frames while the page
//     plays;
//   - a scene file uploads (Ctrl+O) and opens, and downloads (Ctrl+S) as the same scene; a
//     file that breaks two rules lists both errors;
//   - unsaved work is kept in the browser's storage and offered back after a reload, and
//     leaving the page with unsaved work asks first;
//   - the runtime for web games (dist/runtime/) draws a preset on the page's own arrays with
//     canvas 2D, says which blocks wait for the pointer and stops when it is given;
// and prints the page's measures: time to first frame, and frame times at 1,000 and 10,000
// agents (figures for docs/web.md; only the first scene's time over the slow link is judged).
//
// Usage: node tests/web/browser.mjs DIST STEERLAB [SCREENSHOT_DIR]
//   DIST: the built page; STEERLAB: the native binary (for `steerlab link`).
// Exits 1 on the first failed check, saying which.

import { execFileSync, spawn } from "node:child_process";
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { inflateSync } from "node:zlib";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));

const [dist, steerlab, shots] = process.argv.slice(2);
if (!dist || !steerlab) {
  console.error("usage: node tests/web/browser.mjs DIST STEERLAB [SCREENSHOT_DIR]");
  process.exit(2);
}

/** scripts/serve.py, once started. */
let server = null;

function fail(what) {
  console.error(`browser test: FAILED: ${what}`);
  server?.kill();
  process.exit(1);
}

// --- The built page, served by scripts/serve.py (what docs/web.md tells a user to run) ------
server = spawn("python3", [join(here, "..", "..", "scripts", "serve.py"), dist, "--port", "0"], {
  env: { ...process.env, STEERLAB_SERVE_QUIET: "1" },
  stdio: ["ignore", "pipe", "inherit"],
});
const page_address = await new Promise((ok, no) => {
  let said = "";
  server.stdout.on("data", (chunk) => {
    said += chunk;
    const address = said.match(/at (http:\/\/[^/]+\/)/);
    if (address) ok(address[1]);
  });
  server.on("exit", (code) => no(new Error(`scripts/serve.py ended (${code}): ${said}`)));
}).catch((e) => fail(String(e)));

/** The link `steerlab link` makes for `scene` (a file or a preset's name). */
function link_of(scene) {
  return execFileSync(steerlab, ["link", "--page", page_address, scene], { encoding: "utf8" }).trim();
}

// --- PNG pixels (Chromium's screenshots: 8-bit RGB or RGBA, not interlaced) ---------------
function png_pixels(buffer) {
  let at = 8;
  let width = 0, height = 0, channels = 0;
  const data = [];
  while (at < buffer.length) {
    const length = buffer.readUInt32BE(at);
    const type = buffer.toString("latin1", at + 4, at + 8);
    const body = buffer.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      channels = { 2: 3, 6: 4 }[body[9]];
      if (body[8] !== 8 || !channels || body[12] !== 0) fail("unexpected screenshot format");
    } else if (type === "IDAT") {
      data.push(body);
    }
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? out[y * stride + x - channels] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels] : 0;
      let p;
      switch (filter) {
        case 0: p = 0; break;
        case 1: p = a; break;
        case 2: p = b; break;
        case 3: p = (a + b) >> 1; break;
        case 4: {
          const q = a + b - c, pa = Math.abs(q - a), pb = Math.abs(q - b), pc = Math.abs(q - c);
          p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default: fail(`PNG filter ${filter}`);
      }
      out[y * stride + x] = (v + p) & 255;
    }
  }
  return { width, height, channels, out };
}

/** The number of images in a GIF (its blocks walked: extensions, images, trailer). */
function count_gif_frames(gif) {
  if (gif.toString("latin1", 0, 6) !== "GIF89a") fail("the recording is not a GIF89a");
  const skip_sub_blocks = (at) => {
    while (gif[at] !== 0) at += gif[at] + 1;
    return at + 1;
  };
  let at = 13 + (gif[10] & 0x80 ? 3 * 2 ** ((gif[10] & 7) + 1) : 0);
  let frames = 0;
  while (at < gif.length && gif[at] !== 0x3b) {
    if (gif[at] === 0x21) {
      at = skip_sub_blocks(at + 2);
    } else if (gif[at] === 0x2c) {
      const packed = gif[at + 9];
      at += 10 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0) + 1;
      at = skip_sub_blocks(at);
      frames += 1;
    } else {
      fail(`the recording has an unknown GIF block 0x${gif[at].toString(16)} at byte ${at}`);
    }
  }
  return frames;
}

/** How many distinct colours the screenshot has. */
function colours(png) {
  const { width, height, channels, out } = png_pixels(png);
  const seen = new Set();
  for (let i = 0; i < width * height; i++) {
    const o = i * channels;
    seen.add((out[o] << 16) | (out[o + 1] << 8) | out[o + 2]);
  }
  return seen.size;
}

// --- The browser -------------------------------------------------------------------------
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--ignore-gpu-blocklist"],
});
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });

/** A fresh page at `address`, its console errors collected; resolves once the editor has
 *  drawn a frame (ticks advance), with the milliseconds that took. */
async function open(address) {
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  const started = Date.now();
  await page.goto(address);
  await page
    .waitForFunction(() => Number(document.body.dataset.tick) > 0, null, { timeout: 60000 })
    .catch(() => fail(`${address.slice(0, 80)}: no frame in 60 s (console: ${errors.join(" | ")})`));
  return { page, errors, first_frame_ms: Date.now() - started };
}

const state = (page) =>
  page.evaluate(() => ({
    title: document.title,
    scene: document.body.dataset.scene,
    tick: Number(document.body.dataset.tick),
    errors: Number(document.body.dataset.errors),
    error: document.body.dataset.error,
    work_ms: Number(document.body.dataset.workMs),
    unsaved: document.body.dataset.unsaved === "true",
    playing: document.body.dataset.playing === "true",
    behind: document.body.dataset.behind,
    heavy: document.body.dataset.heavy === "true",
    first_frame_ms: Number(document.body.dataset.firstFrameMs),
    hash: location.hash,
  }));

/** Milliseconds between the page's frames (requestAnimationFrame), over `frames` frames. */
const frame_times = (page, frames) =>
  page.evaluate(
    (n) =>
      new Promise((done) => {
        const at = [];
        const frame = (t) => {
          at.push(t);
          if (at.length <= n) requestAnimationFrame(frame);
          else done(at.slice(1).map((t, i) => t - at[i]));
        };
        requestAnimationFrame(frame);
      }),
    frames,
  );

/** Milliseconds from a pointer move over the canvas to the page's second animation frame after
 *  it (the editor's frame for that move drawn), `moves` times: a paused editor draws only on
 *  input, so this is what a frame of it costs. */
async function move_drawn_ms(page, moves) {
  const times = [];
  for (let k = 0; k < moves; k++) {
    await page.mouse.move(700 + 7 * k, 400);
    const at = Date.now();
    await frames_seen(page);
    times.push(Date.now() - at);
  }
  return times;
}

/** Resolves once the page has drawn two more frames (egui has seen what came before). */
const frames_seen = (page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** A click egui sees whatever the frame rate: the pointer moves there, then presses and
 *  lets go, each step seen by frames of their own. */
async function click_seen(page, x, y) {
  await page.mouse.move(x, y);
  await frames_seen(page);
  await page.mouse.down();
  await frames_seen(page);
  await page.mouse.up();
  await frames_seen(page);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Frame to frame time, the editor's own work a frame and the ticks per second, in words. */
async function measure(page, frames = 30) {
  await page.waitForTimeout(2000);
  const t0 = await state(page);
  const t0_at = Date.now();
  const times = await frame_times(page, frames);
  const work = [];
  for (let k = 0; k < 15; k++) {
    work.push((await state(page)).work_ms);
    await page.waitForTimeout(100);
  }
  const t1 = await state(page);
  const seconds = (Date.now() - t0_at) / 1000;
  return (
    `frame to frame ${median(times).toFixed(1)} ms (median of ${times.length}), the editor's own ` +
    `work ${median(work).toFixed(1)} ms a frame (simulation and panels, before drawing), ` +
    `${((t1.tick - t0.tick) / seconds).toFixed(1)} ticks/s`
  );
}

async function expect_plays(page, what) {
  const before = (await state(page)).tick;
  await page.waitForTimeout(1000);
  const after = (await state(page)).tick;
  if (!(after > before)) fail(`${what}: the tick did not advance (${before} then ${after})`);
}

async function expect_drawn(page, what, name) {
  const shot = await page.locator("#steerlab").screenshot();
  if (shots) writeFileSync(join(shots, `${name}.png`), shot);
  const n = colours(shot);
  // A drawn editor has thousands (anti-aliased shapes, text, plots); a blank or broken canvas
  // a handful.
  if (n < 1000) fail(`${what}: the canvas has ${n} colours: not drawn`);
  return n;
}

if (shots) mkdirSync(shots, { recursive: true });

// 0. The first visit over a slow link: 20 Mbit/s down and up, 40 ms each way (CDP's network
//    emulation), software WebGL, nothing cached. The loading bar is there from the first
//    paint and counts the download; the .wasm comes compressed; the time to the first scene
//    painted (the frame after the editor's first, <body data-first-frame-ms>) is printed. It is
//    a figure, not a test: FIRST_SCENE_LIMIT_MS=2000 makes the run fail above that limit, as a
//    benchmark judged on a quiet machine (a loaded CI host moves it by a few hundred ms).
const SLOW_LINK = { offline: false, latency: 40, downloadThroughput: 20e6 / 8, uploadThroughput: 20e6 / 8 };
const FIRST_SCENE_LIMIT_MS = process.env.FIRST_SCENE_LIMIT_MS ? Number(process.env.FIRST_SCENE_LIMIT_MS) : null;
const slow_loads = [];
for (let run = 0; run < 3; run++) {
  const visit = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await visit.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  const cdp = await visit.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", SLOW_LINK);
  // What the loading bar said, each time it changed, and when (in the page's own clock).
  await page.addInitScript(() => {
    window.progressSeen = [];
    new MutationObserver(() => {
      const what = document.querySelector("#loading .what");
      if (what) window.progressSeen.push([Math.round(performance.now()), what.textContent]);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  let wasm = null;
  page.on("response", (r) => {
    if (r.url().endsWith(".wasm")) wasm = r;
  });
  await page.goto(page_address, { waitUntil: "commit" });
  await page
    .waitForFunction(() => document.body?.dataset.firstFrameMs, null, { timeout: 60000 })
    .catch(() => fail(`over the slow link: no first frame in 60 s (console: ${errors.join(" | ")})`));
  // The next animation frame starts once the first has been painted.
  const painted_ms = await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => done(performance.now()))),
  );
  const s = await state(page);
  const progress = await page.evaluate(() => window.progressSeen);
  // The first paint: the loading bar, before any of the editor has arrived.
  const first_paint_ms = await page.evaluate(() =>
    Math.round(performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN),
  );
  const counted = progress.filter(([, text]) => /MB of/.test(text));
  const first_progress_ms = counted.length ? counted[0][0] : NaN;
  if (counted.length < 3) fail(`over the slow link the loading bar counted ${counted.length} times: ${JSON.stringify(progress)}`);
  const last = counted[counted.length - 1][1].match(/([\d.]+) MB of ([\d.]+) MB/);
  if (!last || last[1] !== last[2]) fail(`the loading bar ended at "${counted[counted.length - 1][1]}"`);
  if (await page.locator("#loading").count()) fail("the loading bar stays after the first frame");
  const encoding = (await wasm?.allHeaders())?.["content-encoding"];
  const sizes = await wasm?.request().sizes();
  if (!["br", "gzip"].includes(encoding)) fail(`the .wasm came with Content-Encoding ${encoding}`);
  if (errors.length) fail(`console errors over the slow link: ${errors.join(" | ")}`);
  if (!(first_paint_ms < s.first_frame_ms)) {
    fail(`the page's first paint (${first_paint_ms} ms) came with the editor's first frame (${s.first_frame_ms} ms), not before`);
  }
  slow_loads.push({
    built: s.first_frame_ms,
    painted: Math.round(painted_ms),
    first_paint: first_paint_ms,
    progress: first_progress_ms,
    encoding,
    bytes: sizes?.responseBodySize,
  });
  await visit.close();
}
const slow = [...slow_loads].sort((a, b) => a.painted - b.painted)[1];
console.log(
  `browser: over 20 Mbit/s, 40 ms: first scene painted after ${slow_loads.map((l) => l.painted).join(", ")} ms ` +
    `(median ${slow.painted} ms; the editor's first frame built at ${slow.built} ms); the page's first ` +
    `paint (the loading bar) at ${slow.first_paint} ms, the bar counting the download from ${slow.progress} ms; ` +
    `the .wasm sent as ${slow.encoding}, ${slow.bytes} bytes`,
);
if (FIRST_SCENE_LIMIT_MS !== null && !(slow.painted < FIRST_SCENE_LIMIT_MS)) {
  fail(`over 20 Mbit/s, 40 ms the first scene took ${slow.painted} ms (median of three), not under ${FIRST_SCENE_LIMIT_MS}`);
}

// 0b. What the page says when it cannot run: no WebGL, no WebAssembly, the .wasm missing.
for (const [what, prepare, wanted] of [
  [
    "without WebGL",
    (page) =>
      page.addInitScript(() => {
        const get = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
          return /webgl/.test(kind) ? null : get.call(this, kind, ...rest);
        };
      }),
    /WebGL is missing[\s\S]*graphics acceleration/,
  ],
  ["without WebAssembly", (page) => page.addInitScript(() => delete globalThis.WebAssembly), /WebAssembly is missing[\s\S]*current Firefox/],
  [
    "when the .wasm does not load",
    (page) => page.route("**/steerlab_web_bg.wasm", (route) => route.fulfill({ status: 404, body: "" })),
    /could not load[\s\S]*404/,
  ],
]) {
  const page = await context.newPage();
  await prepare(page);
  await page.goto(page_address);
  await page
    .waitForFunction(() => document.body.dataset.loadError, null, { timeout: 30000 })
    .catch(() => fail(`${what}: the page said nothing`));
  const said = await page.locator("#loading").innerText();
  if (!wanted.test(said)) fail(`${what}: the page says "${said}"`);
  if (!(await page.locator("#loading").isVisible())) fail(`${what}: the message is not visible`);
  if (shots) await page.screenshot({ path: join(shots, `${what.replaceAll(" ", "_")}.png`) });
  console.log(`browser: ${what}: "${said.split("\n")[0]}"`);
  await page.close();
}

// 1. The default scene.
const home = await open(page_address);
await expect_plays(home.page, "the default scene");
const home_colours = await expect_drawn(home.page, "the default scene", "default");
const home_state = await state(home.page);
if (home_state.errors !== 0) fail(`the default scene lists ${home_state.errors} errors`);
console.log(
  `browser: default scene "${home_state.scene}": first frame after ${home.first_frame_ms} ms, ` +
    `${home_colours} colours, title "${home_state.title}"`,
);
console.log(`browser: default scene: ${await measure(home.page)}`);
if (home.errors.length) fail(`console errors on the default scene: ${home.errors.join(" | ")}`);
await home.page.close();

// 2. A preset's share link opens that preset.
for (const preset of ["seek.ron", "hunter_and_prey.ron"]) {
  const wanted = readFileSync(join("presets", preset), "utf8").match(/^\s*name:\s*"([^"]*)"/m)[1];
  const shared = await open(link_of(preset));
  const s = await state(shared.page);
  if (s.scene !== wanted) fail(`${preset}'s link opened "${s.scene}", not "${wanted}"`);
  if (!s.title.includes(wanted)) fail(`${preset}'s link: the title "${s.title}" does not name it`);
  if (s.errors !== 0) fail(`${preset}'s link lists ${s.errors} errors`);
  await expect_plays(shared.page, `${preset}'s link`);
  await expect_drawn(shared.page, `${preset}'s link`, preset.replace(".ron", ""));
  if (shared.errors.length) fail(`console errors on ${preset}'s link: ${shared.errors.join(" | ")}`);
  console.log(`browser: ${preset}'s link (${link_of(preset).length} characters) opened "${s.scene}"`);
  await shared.page.close();
}

// 3. A tampered link and a fragment that is no scene: their errors, over the default scene;
//    a character outside the alphabet is placed in the link's data (character 200 after
//    `#scene=`); once said, the broken link leaves the address bar.
const good = link_of("boids.ron");
const middle = good.indexOf("#scene=") + 7 + 200;
const tampered = good.slice(0, middle) + (good[middle] === "A" ? "B" : "A") + good.slice(middle + 1);
const starred = good.slice(0, middle - 1) + "*" + good.slice(middle);
for (const [what, address, wanted] of [
  ["a tampered link", tampered, /link was changed/],
  ["a link with a character outside its alphabet", starred, /character 200 of the link's data \(counted from 1 after #scene=\), '\*'/],
  ["a link cut short", good.slice(0, good.length - 40), /cut short|changed/],
  ["a fragment that is no scene", `${page_address}#section-2`, /does not hold a scene/],
]) {
  const broken = await open(address);
  const s = await state(broken.page);
  if (!(s.errors > 0)) fail(`${what}: no error listed`);
  if (!wanted.test(s.error)) fail(`${what}: the error says "${s.error}"`);
  if (s.hash !== "") fail(`${what}: the address still holds ${s.hash.slice(0, 40)}…`);
  if (s.scene !== home_state.scene) fail(`${what}: showing "${s.scene}", not the default scene`);
  await expect_plays(broken.page, what);
  await expect_drawn(broken.page, what, what.replaceAll(" ", "_"));
  if (broken.errors.length) fail(`console errors on ${what}: ${broken.errors.join(" | ")}`);
  console.log(
    `browser: ${what}: ${s.errors} error(s) listed over "${s.scene}", which plays, and the address ` +
      `cleared ("${s.error}")`,
  );
  await broken.page.close();
}

// 4. A recording: Capture… then Record (the first button of the Capture pane, docked below the
//    canvas beside the plots in a 1440x900 page); the page keeps playing while it is drawn,
//    and it downloads as a GIF of all its frames.
const rec = await open(page_address);
await click_seen(rec.page, 484, 12);
await rec.page.waitForTimeout(1000);
const download = rec.page.waitForEvent("download", { timeout: 240000 });
const recording_started = Date.now();
await click_seen(rec.page, 375, 574);
await expect_plays(rec.page, "the page while recording");
const gif = await download.catch(() => fail("Record gave no download in 240 s"));
const gif_bytes = readFileSync(await gif.path());
const gif_frames = count_gif_frames(gif_bytes);
if (gif.suggestedFilename() !== "boids.gif") fail(`the recording downloads as ${gif.suggestedFilename()}`);
if (gif_frames !== 150) fail(`the recording has ${gif_frames} frames, not 150 (5 s at 30 fps)`);
console.log(
  `browser: a recording downloaded as ${gif.suggestedFilename()}: ${gif_frames} frames, ` +
    `${gif_bytes.length} bytes, after ${Date.now() - recording_started} ms, the page playing meanwhile`,
);
if (rec.errors.length) fail(`console errors while recording: ${rec.errors.join(" | ")}`);
await rec.page.close();

// 5. Files: Ctrl+O uploads a scene file (the browser's file picker), which opens; Ctrl+S
//    downloads it under its name, and the download is a scene file that loads as that scene.
const files = await open(page_address);
await click_seen(files.page, 1000, 890); // the status line: the page has the keys
// The first key may come before the page listens for it: asked again, up to three times.
let picker;
for (let attempt = 0; attempt < 3 && !picker; attempt++) {
  const chooser = files.page.waitForEvent("filechooser", { timeout: 5000 }).catch(() => null);
  await files.page.keyboard.press("Control+o");
  picker = await chooser;
}
if (!picker) {
  if (shots) await files.page.screenshot({ path: join(shots, "no-file-picker.png") });
  fail("Ctrl+O opened no file picker");
}
await picker.setFiles(join("presets", "seek.ron"));
await files.page
  .waitForFunction(() => document.body.dataset.scene === "Seek", null, { timeout: 20000 })
  .catch(() => fail("the uploaded seek.ron did not open"));
const saved = files.page.waitForEvent("download", { timeout: 20000 });
await files.page.keyboard.press("Control+s");
const scene_file = await saved.catch(() => fail("Ctrl+S gave no download"));
if (scene_file.suggestedFilename() !== "seek.ron") fail(`Ctrl+S downloads ${scene_file.suggestedFilename()}`);
const downloaded = join(shots ?? "/tmp", "downloaded-seek.ron");
await scene_file.saveAs(downloaded);
const checked = execFileSync(steerlab, ["link", "--page", page_address, downloaded], { encoding: "utf8" }).trim();
if (checked !== link_of("seek.ron")) fail("the downloaded seek.ron is not the seek preset's scene");
if ((await state(files.page)).title.includes("●")) fail("after the download the title still says unsaved");
// A file that breaks two rules: both errors listed, located, and the scene stays.
const two = join(shots ?? "/tmp", "two-errors.ron");
writeFileSync(
  two,
  readFileSync("presets/seek.ron", "utf8")
    .replace("dt: 0.016666668", "dt: -1.0")
    .replace("max_speed: 90.0", "max_speed: -10.0"),
);
const second = files.page.waitForEvent("filechooser", { timeout: 5000 }).catch(() => null);
await files.page.keyboard.press("Control+o");
const again = await second;
if (!again) fail("a second Ctrl+O opened no file picker");
await again.setFiles(two);
await files.page
  .waitForFunction(() => document.body.dataset.errors === "2", null, { timeout: 20000 })
  .catch(async () => fail(`two-errors.ron: ${JSON.stringify(await state(files.page))}`));
const listed = await state(files.page);
if (listed.scene !== "Seek") fail(`after a bad upload the scene is ${listed.scene}`);
if (!listed.error.startsWith("two-errors.ron:8:9: dt:")) fail(`the first error reads "${listed.error}"`);
if (shots) await files.page.screenshot({ path: join(shots, "two-errors.png") });
if (files.errors.length) fail(`console errors with files: ${files.errors.join(" | ")}`);
console.log(
  "browser: seek.ron uploaded and opened; Ctrl+S downloaded it as the same scene; a file with " +
    "two errors lists both and changes nothing",
);
await files.page.close();

// 6. Frame times at 1,000 and 10,000 agents (the containment preset, one group scaled). A
//    scene too heavy for real time opens paused and says so; played anyway (Space), the top
//    bar's "behind" is on the page too (<body data-behind>).
const containment = readFileSync("presets/containment.ron", "utf8");
for (const count of [1000, 10000]) {
  const file = join(shots ?? "/tmp", `containment-${count}.ron`);
  writeFileSync(file, containment.replace(/count: 12,/, `count: ${count},`));
  const big = await open(link_of(file));
  const opened = await state(big.page);
  if (opened.heavy) {
    if (opened.playing) fail(`${count} agents: said to be too heavy, and playing`);
    await click_seen(big.page, 1000, 890); // the status line: the page has the keys
    await big.page.keyboard.press("Space");
    await big.page
      .waitForFunction(() => document.body.dataset.playing === "true", null, { timeout: 30000 })
      .catch(() => fail(`${count} agents: Space did not play the heavy scene`));
  }
  const measured = await measure(big.page, count > 1000 ? 8 : 20);
  const behind = (await state(big.page)).behind;
  console.log(
    `browser: ${count} agents: ${opened.heavy ? "opened paused as too heavy, played anyway: " : ""}` +
      `${measured}; the top bar says ${behind ? `"behind: ${behind} ticks/s"` : "it keeps up"}`,
  );
  if (count === 10000 && !behind) fail("10,000 agents: the page does not say the run falls behind");
  if (big.errors.length) fail(`console errors at ${count} agents: ${big.errors.join(" | ")}`);
  await big.page.close();
}

// 6b. The seek preset with 200,000 agents (its seekers in two groups of 100,000, the most a
//     group holds): the page paints it, paused, and says it is too heavy (never a page that
//     does not paint).
{
  const seek = readFileSync("presets/seek.ron", "utf8");
  const from = seek.indexOf("        (\n            name: \"seekers\"");
  const to = seek.indexOf("    ],\n    view");
  const seekers = seek.slice(from, to);
  const crowd =
    seek.slice(0, from) +
    seekers.replace("count: 8,", "count: 100000,") +
    seekers.replace("count: 8,", "count: 99999,").replace('name: "seekers"', 'name: "seekers_2"') +
    seek.slice(to);
  const file = join(shots ?? "/tmp", "seek-200000.ron");
  writeFileSync(file, crowd);
  const started = Date.now();
  const heavy = await context.newPage();
  const errors = [];
  heavy.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await heavy.goto(link_of(file));
  await heavy
    .waitForFunction(() => document.body.dataset.firstFrameMs, null, { timeout: 120000 })
    .catch(() => fail("200,000 agents: no frame in 120 s"));
  const painted_after = Date.now() - started;
  const s = await state(heavy);
  if (!s.heavy || s.playing) fail(`200,000 agents: heavy ${s.heavy}, playing ${s.playing}`);
  await expect_drawn(heavy, "200,000 agents", "seek-200000");
  if (errors.length) fail(`console errors at 200,000 agents: ${errors.join(" | ")}`);
  console.log(
    `browser: 200,000 agents (seek): painted after ${painted_after} ms (first frame at ` +
      `${s.first_frame_ms} ms of the page's clock), tick ${s.tick}, paused and said too heavy`,
  );
  await heavy.close();
}

// 6c. The seek preset with 100,000 seekers stays usable: the crowd is drawn as one image, so
//     a paused frame costs the panels only. A quick click (press and release sent together,
//     with no frame between them) opens the File menu and answers the heavy scene's line:
//     "Lower the counts" lowers them and plays, "Play anyway" plays (one page each).
{
  const file = join(shots ?? "/tmp", "seek-100000.ron");
  writeFileSync(file, readFileSync("presets/seek.ron", "utf8").replace("count: 8,", "count: 100000,"));
  const said = [];
  for (const [answer, mark] of [["Lower the counts", "atLower"], ["Play anyway", "atPlayAnyway"]]) {
    // A context of its own: the first page's lowered counts, unsaved, would be offered back.
    const visit = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const crowd = await visit.newPage();
    const errors = [];
    crowd.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await crowd.goto(link_of(file));
    await crowd
      .waitForFunction((m) => document.body.dataset.firstFrameMs && document.body.dataset[m], mark, {
        timeout: 120000,
      })
      .catch(() => fail(`100,000 agents: no frame with "${answer}" in 120 s`));
    const s = await state(crowd);
    if (!s.heavy || s.playing) fail(`100,000 agents: heavy ${s.heavy}, playing ${s.playing}`);
    const paused = median(await move_drawn_ms(crowd, 5));
    let at = Date.now();
    await crowd.mouse.click(19, 12);
    await crowd
      .waitForFunction(() => document.body.dataset.menu === "true", null, { timeout: 10000 })
      .catch(() => fail("100,000 agents: a click on File did not open its menu in 10 s"));
    const menu_ms = Date.now() - at;
    if (answer === "Lower the counts") await expect_drawn(crowd, "100,000 agents, the File menu open", "seek-100000-menu");
    await crowd.keyboard.press("Escape");
    await crowd
      .waitForFunction(() => document.body.dataset.menu === "false", null, { timeout: 10000 })
      .catch(() => fail("100,000 agents: Esc did not close the File menu in 10 s"));
    const [x, y] = (await crowd.evaluate((m) => document.body.dataset[m], mark)).split(" ").map(Number);
    at = Date.now();
    await crowd.mouse.click(x, y);
    await crowd
      .waitForFunction(
        (lowered) =>
          document.body.dataset.heavy === "false" &&
          document.body.dataset.playing === "true" &&
          (!lowered || Number(document.body.dataset.agents) < 100000),
        answer === "Lower the counts",
        { timeout: 20000 },
      )
      .catch(() => fail(`100,000 agents: a click on "${answer}" was not answered in 20 s`));
    const answer_ms = Date.now() - at;
    const agents = (await crowd.evaluate(() => document.body.dataset.agents));
    const playing = median(await frame_times(crowd, 5));
    if (errors.length) fail(`console errors at 100,000 agents: ${errors.join(" | ")}`);
    said.push(
      `"${answer}" answered after ${answer_ms} ms (the File menu opened after ${menu_ms} ms; paused, a pointer ` +
        `move drawn after ${paused} ms), then ${agents} agents playing at ${playing.toFixed(0)} ms a frame`,
    );
    await visit.close();
  }
  console.log(`browser: 100,000 agents (seek), quick clicks: ${said.join("; ")}`);
}

// 7. Autosave in the browser's storage: a fresh visitor dismisses "Start here", drags an
//    obstacle (unsaved work), and the page keeps it in local storage; a reload offers it back
//    (Restore, where the question puts it), and the scene comes back unsaved.
const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const visit = await fresh.newPage();
const visit_errors = [];
visit.on("console", (m) => m.type() === "error" && visit_errors.push(m.text()));
await visit.goto(page_address);
await visit.waitForFunction(() => Number(document.body.dataset.tick) > 0, null, { timeout: 60000 });
// Each step of the drag is seen by a frame of its own, however slow the frames are.
const frame_seen = () => frames_seen(visit);
await click_seen(visit, 509, 617);
await visit.mouse.move(764, 280);
await frame_seen();
await visit.mouse.down();
await frame_seen();
for (let i = 1; i <= 10; i++) {
  await visit.mouse.move(764 - 15 * i, 280 + 20 * i);
  await frame_seen();
}
await visit.mouse.up();
await frame_seen();
await visit
  .waitForFunction(() => (localStorage.getItem("steerlab.autosave") ?? "").includes("scene"), null, {
    timeout: 20000,
  })
  .catch(() => fail("the unsaved work did not reach local storage in 20 s"));
const dirty_title = await visit.title();
if (!dirty_title.includes("●")) fail(`the drag left nothing unsaved (title "${dirty_title}")`);
if (!(await state(visit)).unsaved) fail("the drag left <body data-unsaved> false");
// Leaving the page with unsaved work asks first (the browser's own question: taken here).
let asked = null;
visit.once("dialog", (dialog) => {
  asked = dialog.type();
  dialog.accept();
});
await visit.reload();
if (asked !== "beforeunload") fail(`leaving with unsaved work asked ${asked ?? "nothing"}`);
await visit.waitForFunction(() => Number(document.body.dataset.tick) > 0, null, { timeout: 60000 });
if ((await visit.title()).includes("●")) fail("the reload started with the unsaved work already taken");
await click_seen(visit, 918, 488); // Restore, at the right of the question
await visit.waitForFunction(() => document.title.includes("●"), null, { timeout: 10000 })
  .catch(() => fail("Restore did not bring the unsaved work back"));
if (visit_errors.length) fail(`console errors around autosave: ${visit_errors.join(" | ")}`);
console.log(
  `browser: leaving with unsaved work asked first; the work was kept in local storage and restored ` +
    `after the reload ("${await visit.title()}")`,
);
await fresh.close();

// --- The runtime for web games (dist/runtime/): a preset on the page's own arrays --------
const game = await open(`${page_address}runtime/?preset=hunter_and_prey.ron`);
const game_tick = async () => Number(await game.page.evaluate(() => document.body.dataset.tick));
await game.page.waitForFunction(() => Number(document.body.dataset.tick) > 30, null, { timeout: 30000 })
  .catch(() => fail("the runtime page did not reach tick 30 in 30 s"));
const waiting = await game.page.locator("#unmet").textContent();
if (!waiting.includes("pointer")) fail(`the runtime page, no pointer: unmet says "${waiting}"`);
const box = await game.page.locator("#game").boundingBox();
await game.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
await game.page
  .waitForFunction(() => document.getElementById("unmet").textContent === "", null, { timeout: 10000 })
  .catch(() => fail("the runtime page: with the pointer over the canvas, blocks still wait for it"));
const ticked = await game_tick();
await frames_seen(game.page);
await game.page.waitForTimeout(500);
if (!((await game_tick()) > ticked)) fail("the runtime page: the tick did not advance");
const game_shot = await game.page.locator("#game").screenshot();
if (shots) writeFileSync(join(shots, "runtime.png"), game_shot);
const game_colours = colours(game_shot);
if (game_colours < 20) fail(`the runtime page's canvas has ${game_colours} colours: not drawn`);
const runtime_bytes = readFileSync(join(dist, "runtime", "steerlab_js_bg.wasm")).length;
if (game.errors.length) fail(`console errors on the runtime page: ${game.errors.join(" | ")}`);
console.log(
  `browser: runtime page: hunter_and_prey on the page's own arrays, tick ${await game_tick()}, ` +
    `${game_colours} colours, the pointer met; its module ${(runtime_bytes / 1024).toFixed(0)} KB`,
);

await browser.close();
server.kill();
console.log("browser: every check passed");
