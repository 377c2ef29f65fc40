// Runs each scene given on the command line through the wasm build (wasm-bindgen's Node
// module, its directory first) for STEPS ticks and prints `SHA256  FILE` of the CSV, as
// `steerlab simulate FILE --steps STEPS | sha256sum` does natively. Usage:
//   node same_bits.mjs PKG_DIR STEPS FILE...
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";

const [pkg, steps, ...files] = process.argv.slice(2);
const web = createRequire(import.meta.url)(resolve(pkg, "steerlab_web.js"));
let failed = false;
for (const file of files) {
  try {
    const csv = web.simulate_csv(readFileSync(file, "utf8"), file, Number(steps));
    console.log(`${createHash("sha256").update(csv).digest("hex")}  ${file}`);
  } catch (error) {
    console.error(`${file}: ${error}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
