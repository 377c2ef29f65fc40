#!/usr/bin/env python3
"""presets/corridor_orca.ron with N disc obstacles (default 4,095, radius 3 to 4) added, for
timing the navigation mesh on a cluttered level: a passable forest of discs inside the corridor
(a jittered grid 21 apart, so that gaps stay wider than the agents) and the rest on a jittered
grid over the world above and below it. Usage: scripts/corridor_discs.py [N] > scene.ron"""
import random
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 4095
rng = random.Random(47)
discs = []
# Inside the corridor (x 40..1160, y 140..260), away from the spawn areas' ends.
for i in range(52):
    for j in range(5):
        x = 70 + 21 * i + rng.uniform(-1.5, 1.5)
        y = 152 + 24 * j + rng.uniform(-1.5, 1.5)
        discs.append((x, y, rng.uniform(3.0, 4.0)))
# Outside it: above (y 0..132) and below (y 268..400), over the world's width.
rest = max(0, n - len(discs))
cols = 120
rows = (rest + cols - 1) // cols
band = [(0.0, 132.0), (268.0, 400.0)]
k = 0
for r in range(rows):
    lo, hi = band[r % 2]
    row = r // 2
    per_band = (rows + 1) // 2
    y = lo + (hi - lo) * (row + 0.5) / per_band
    for c in range(cols):
        if k >= rest:
            break
        x = 1200.0 * (c + 0.5) / cols + rng.uniform(-0.5, 0.5)
        discs.append((x, y + rng.uniform(-0.5, 0.5), rng.uniform(3.0, 4.0)))
        k += 1
discs = discs[:n]
scene = open("presets/corridor_orca.ron").read()
block = "    obstacles: [\n" + "".join(
    f"        (\n            center: ({x:.3f}, {y:.3f}),\n            radius: {r:.3f},\n        ),\n"
    for x, y, r in discs
) + "    ],\n"
anchor = "    level: ("
print(scene.replace(anchor, block + anchor, 1), end="")
