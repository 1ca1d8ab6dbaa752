#!/usr/bin/env python3
"""Check a port of poseAt against `tactics-sprite draw` (docs/format.md, "Testing a port").

  check-port.py moments DOC > moments.tsv
      The moments that matter for DOC, one per line: animation, view, tick, water (0 or 1),
      tab-separated. Every animation in one view of each pattern (0, 1, 3, 5) at the first and
      last tick of every step, over two passes when it loops, and once far past its end; every
      view at tick 0; water at each step's first tick; Idle in every view, dry and wet.

  check-port.py reference DOC moments.tsv > reference.jsonl
      Asks `tactics-sprite draw` (on PATH, or $TACTICS_SPRITE) for each moment.

  check-port.py compare reference.jsonl port.jsonl
      Compares line by line: shp first, then each tile in order, then moveX/moveY. Prints the
      first difference of each differing line; exits 1 when any line differs.

Python 3, standard library only.
"""

import json
import os
import subprocess
import sys

PATTERN_VIEWS = [0, 1, 3, 5]
TILE_KEYS = ["cell", "x", "y", "w", "h", "flipX", "flipY", "sheet", "order"]
TILE_DEFAULTS = {"flipY": False, "sheet": 0}


def step_ticks(ticks, looping):
    """The first and last tick of every step, a second pass when looping, and a far tick."""
    total = sum(ticks)
    moments = {0}
    end = 0
    for delay in ticks:
        if delay > 0:
            moments.update({end, end + delay - 1})
        end += delay
    moments.add(end)
    if looping and total > 0:
        moments.update({t + total for t in list(moments)})
    moments.add(10 * total + 7 if total else 1000)
    return sorted(moments)


def moments(doc):
    sequences = doc["sequences"]
    for animation in doc["animations"]:
        name = animation["name"]
        for view in range(8):
            back = view in (3, 4, 5, 6)
            entry = sequences[animation["back"] if back else animation["front"]]
            if view in PATTERN_VIEWS:
                for tick in step_ticks(entry["ticks"], animation["loop"]):
                    yield name, view, tick, 0
            else:
                yield name, view, 0, 0
            if view in (1, 5):
                start = 0
                for delay in entry["ticks"]:
                    yield name, view, start, 1
                    start += delay
    for view in range(8):
        for water in (0, 1):
            yield "Idle", view, 0, water


def reference(doc_path, moments_path):
    tool = os.environ.get("TACTICS_SPRITE", "tactics-sprite")
    with open(moments_path, encoding="utf-8") as lines:
        for line in lines:
            name, view, tick, water = line.rstrip("\n").split("\t")
            command = [tool, "draw", "--data", doc_path, "--animation", name,
                       "--view", view, "--tick", tick]
            if water == "1":
                command.append("--water")
            result = subprocess.run(command, capture_output=True, text=True, check=False)
            if result.returncode != 0:
                sys.exit(f"{' '.join(command)}: {result.stderr.strip()}")
            print(result.stdout.strip(), flush=True)


def first_difference(want, got):
    for key in ["shp", "index", "sequence", "back", "mirrored"]:
        if want.get(key) != got.get(key):
            return f"{key}: want {want.get(key)!r}, got {got.get(key)!r}"
    want_tiles, got_tiles = want["tiles"], got.get("tiles", [])
    if len(want_tiles) != len(got_tiles):
        return f"tiles: want {len(want_tiles)}, got {len(got_tiles)}"
    for i, (w, g) in enumerate(zip(want_tiles, got_tiles)):
        for key in TILE_KEYS:
            default = TILE_DEFAULTS.get(key)
            if w.get(key, default) != g.get(key, default):
                return f"tile {i} {key}: want {w.get(key, default)!r}, got {g.get(key, default)!r}"
    for key in ["moveX", "moveY"]:
        if want.get(key) != got.get(key):
            return f"{key}: want {want.get(key)!r}, got {got.get(key)!r}"
    return None


def compare(reference_path, port_path):
    with open(reference_path, encoding="utf-8") as r, open(port_path, encoding="utf-8") as p:
        want_lines, got_lines = r.read().splitlines(), p.read().splitlines()
    if len(want_lines) != len(got_lines):
        print(f"{len(want_lines)} reference lines, {len(got_lines)} port lines")
    failures = 0
    for number, (want_line, got_line) in enumerate(zip(want_lines, got_lines), start=1):
        want, got = json.loads(want_line), json.loads(got_line)
        difference = first_difference(want, got)
        if difference:
            failures += 1
            moment = f"{want['animation']} view {want['view']} tick {want['tick']}"
            moment += " water" if want["water"] else ""
            print(f"line {number} ({moment}): {difference}")
    print(f"{len(want_lines)} moments, {failures} different")
    return 1 if failures or len(want_lines) != len(got_lines) else 0


def main(args):
    if len(args) == 2 and args[0] == "moments":
        with open(args[1], encoding="utf-8") as f:
            doc = json.load(f)
        for name, view, tick, water in moments(doc):
            print(f"{name}\t{view}\t{tick}\t{water}")
        return 0
    if len(args) == 3 and args[0] == "reference":
        reference(args[1], args[2])
        return 0
    if len(args) == 3 and args[0] == "compare":
        return compare(args[1], args[2])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
