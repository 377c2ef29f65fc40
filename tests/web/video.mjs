// A video take in a real browser: the system's headless Chromium, driven by playwright-core,
// plays the MP4 that `steerlab render --out clip.mp4` wrote and checks that
//   - its <video> element loads the file and reports the take's duration (frames / fps, to
//     within one frame) and frame size;
//   - a decoded frame matches the PNG frame of the same tick (`steerlab render --out frames/`
//     of the same take): seeked to the middle of frame k, drawn to a canvas, at least 30 dB
//     PSNR over the RGB channels and a mean difference of at most 3 levels (hunter and prey at
//     640x360 measures 34.6 to 35.8 dB and 2.0 to 2.2 levels: H.264's 4:2:0 colour blurs thin
//     coloured lines, and its limited range rounds the background), and nearer to
//     frame k's PNG than to the PNG five frames earlier: the right tick, not just a likely
//     picture.
//
// Usage: node tests/web/video.mjs CLIP.mp4 FRAMES_DIR FPS FRAMES WIDTH HEIGHT
// Prints each checked frame's figures; exits 1 on the first failed check, saying which.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const [clip, frames, fpsText, countText, widthText, heightText] = process.argv.slice(2);
if (!clip || !frames || !fpsText || !countText || !widthText || !heightText) {
  console.error("usage: node tests/web/video.mjs CLIP.mp4 FRAMES_DIR FPS FRAMES WIDTH HEIGHT");
  process.exit(2);
}
const fps = Number(fpsText);
const count = Number(countText);
const [width, height] = [Number(widthText), Number(heightText)];

function fail(what) {
  console.error(`video test: FAILED: ${what}`);
  process.exit(1);
}

const png = (k) => readFileSync(join(frames, `frame_${String(k).padStart(5, "0")}.png`));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const loaded = await page.evaluate(async (bytes) => {
    const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
    const video = document.createElement("video");
    video.muted = true;
    video.preload = "auto";
    document.body.append(video);
    window.video = video;
    const ready = new Promise((yes, no) => {
      video.onloadeddata = yes;
      video.onerror = () => no(new Error(`the video element refused the file: ${video.error?.message}`));
    });
    video.src = URL.createObjectURL(new Blob([data], { type: "video/mp4" }));
    await ready;
    return { duration: video.duration, width: video.videoWidth, height: video.videoHeight };
  }, readFileSync(clip).toString("base64")).catch((e) => fail(e.message));
  console.log(`video test: loaded ${clip}: ${loaded.width}x${loaded.height}, ${loaded.duration} s`);
  if (loaded.width !== width || loaded.height !== height) {
    fail(`frame size ${loaded.width}x${loaded.height}, expected ${width}x${height}`);
  }
  const expected = count / fps;
  if (!(Math.abs(loaded.duration - expected) <= 1 / fps)) {
    fail(`duration ${loaded.duration} s, expected ${expected} s (${count} frames at ${fps} fps)`);
  }

  // Frame k of the video against PNG frames `against`: PSNR (dB) and mean absolute
  // difference (levels) over the RGB channels of each.
  const compare = (k, against) =>
    page.evaluate(
      async ({ time, pngs }) => {
        const video = window.video;
        await new Promise((yes) => {
          video.onseeked = yes;
          video.currentTime = time;
        });
        const w = video.videoWidth;
        const h = video.videoHeight;
        const pixels = async (source) => {
          const canvas = new OffscreenCanvas(w, h);
          const context = canvas.getContext("2d", { willReadFrequently: true });
          context.drawImage(source, 0, 0, w, h);
          return context.getImageData(0, 0, w, h).data;
        };
        const shown = await pixels(video);
        const out = [];
        for (const bytes of pngs) {
          const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
          const image = await createImageBitmap(new Blob([data], { type: "image/png" }), {
            colorSpaceConversion: "none",
          });
          const want = await pixels(image);
          let squares = 0;
          let sum = 0;
          for (let i = 0; i < want.length; i += 4) {
            for (let c = 0; c < 3; c++) {
              const d = shown[i + c] - want[i + c];
              squares += d * d;
              sum += Math.abs(d);
            }
          }
          const n = (want.length / 4) * 3;
          out.push({ psnr: 10 * Math.log10((255 * 255) / Math.max(squares / n, 1e-9)), mean: sum / n });
        }
        return out;
      },
      { time: (k + 0.5) / fps, pngs: against.map((j) => png(j).toString("base64")) },
    );

  for (const k of [0, Math.floor(count / 2), count - 1]) {
    const earlier = Math.max(k - 5, 0);
    const [same, other] = await compare(k, [k, earlier]);
    console.log(
      `video test: frame ${k}: ${same.psnr.toFixed(1)} dB, mean difference ` +
        `${same.mean.toFixed(2)} (against frame ${earlier}'s PNG: ${other.psnr.toFixed(1)} dB)`,
    );
    if (!(same.psnr >= 30 && same.mean <= 3)) {
      fail(`frame ${k} is ${same.psnr.toFixed(1)} dB and ${same.mean.toFixed(2)} levels from its PNG`);
    }
    if (k !== earlier && !(same.psnr > other.psnr)) {
      fail(`frame ${k} is nearer to frame ${earlier}'s PNG than to its own`);
    }
  }
  if (errors.length) fail(`console errors: ${errors.join("; ")}`);
  console.log("video test: passed");
} finally {
  await browser.close();
}
