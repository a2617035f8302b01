"""A solution as one self-contained HTML page that replays it: no network, opens from a file.

The page draws the board as SVG and moves the boxes and the player itself:
play and pause, a step forward and back, a slider over the moves, the keyboard
(left and right arrows step, space plays or pauses, Home and End jump), and the
moves and pushes made so far. Its elements have ids (``play``, ``back``,
``forward``, ``slider``, ``speed``, ``moves``, ``pushes``) and its boxes the
classes of :mod:`~sokosolve.pictures.svg`, so a browser test can drive it.

>>> from sokosolve.level import parse_level
>>> page = replay_html(parse_level("#####\\n#@$.#\\n#####"), "R")
>>> page.startswith("<!DOCTYPE html>"), "src=" in page  # nothing loaded from elsewhere
(True, False)
"""

from __future__ import annotations

import json
from html import escape

from ..level import Level
from ..replay import expand_lurd, verify
from .style import COLOURS, SQUARE
from .svg import level_svg

#: Pixels a square on the page, before it shrinks to fit the window.
DISPLAY_SQUARE = 48

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }}
#board {{ width: {display_width}px; max-width: 100%; height: auto; display: block;
  margin: 1em 0; }}
.controls {{ display: flex; gap: .5em; align-items: center; flex-wrap: wrap; }}
.controls button {{ min-width: 3em; }}
#slider {{ flex: 1; min-width: 12em; }}
.counts {{ font-variant-numeric: tabular-nums; margin-top: .5em; }}
.lurd {{ font-family: monospace; word-break: break-all; color: #555; margin-top: 1em; }}
.lurd .done {{ color: #222; background: #dde8fb; }}
</style>
</head>
<body>
<h1>{title}</h1>
{svg}
<div class="controls">
<button id="start" title="Home">|&#x25C0;</button>
<button id="back" title="left arrow">&#x25C0;</button>
<button id="play" title="space">play</button>
<button id="forward" title="right arrow">&#x25B6;</button>
<button id="end" title="End">&#x25B6;|</button>
<input id="slider" type="range" min="0" max="{length}" value="0" aria-label="move">
<select id="speed" aria-label="speed">
<option value="2">2 moves/s</option><option value="8" selected>8 moves/s</option>
<option value="30">30 moves/s</option><option value="240">240 moves/s</option>
</select>
</div>
<div class="counts">moves <span id="moves">0</span> of {length},
pushes <span id="pushes">0</span> of {pushes}</div>
<div class="lurd"><span class="done" id="done"></span><span id="todo"></span></div>
<script>
"use strict";
const data = {data};
const STEP = {{l: [0, -1], u: [-1, 0], r: [0, 1], d: [1, 0]}};
const goals = new Set(data.goals);
// positions[k]: the player's square and each box's square after k moves.
const positions = [{{player: data.player, boxes: data.boxes.slice()}}];
const pushesAfter = [0];
for (const letter of data.solution) {{
  const last = positions[positions.length - 1];
  const [dr, dc] = STEP[letter.toLowerCase()];
  const player = last.player + dr * data.width + dc;
  const boxes = last.boxes.slice();
  const pushed = letter !== letter.toLowerCase();
  if (pushed) boxes[boxes.indexOf(player)] = player + dr * data.width + dc;
  positions.push({{player, boxes}});
  pushesAfter.push(pushesAfter[pushesAfter.length - 1] + (pushed ? 1 : 0));
}}
const svg = document.getElementById("board");
const boxShapes = Array.from(svg.querySelectorAll(".box, .box-on-goal"));
const playerShape = svg.querySelector(".player");
const square = data.square;
let shown = 0, timer = null;
function place(k) {{
  shown = Math.max(0, Math.min(positions.length - 1, k));
  const position = positions[shown];
  position.boxes.forEach((s, i) => {{
    const shape = boxShapes[i];
    const inset = parseFloat(shape.dataset.inset);
    shape.setAttribute("x", (s % data.width) * square + inset);
    shape.setAttribute("y", Math.floor(s / data.width) * square + inset);
    const name = goals.has(s) ? "box-on-goal" : "box";
    shape.setAttribute("class", name);
    shape.setAttribute("fill", data.colours[name]);
    shape.setAttribute("stroke", data.colours[name + "-edge"]);
  }});
  playerShape.setAttribute("cx", (position.player % data.width + 0.5) * square);
  playerShape.setAttribute("cy", (Math.floor(position.player / data.width) + 0.5) * square);
  document.getElementById("moves").textContent = shown;
  document.getElementById("pushes").textContent = pushesAfter[shown];
  document.getElementById("slider").value = shown;
  document.getElementById("done").textContent = data.solution.slice(0, shown);
  document.getElementById("todo").textContent = data.solution.slice(shown);
  if (shown === positions.length - 1) pause();
}}
function pause() {{
  if (timer !== null) clearInterval(timer);
  timer = null;
  document.getElementById("play").textContent = "play";
}}
function play() {{
  if (shown === positions.length - 1) place(0);
  const perSecond = parseFloat(document.getElementById("speed").value);
  timer = setInterval(() => place(shown + 1), 1000 / perSecond);
  document.getElementById("play").textContent = "pause";
}}
function toggle() {{ if (timer === null) play(); else pause(); }}
document.getElementById("play").addEventListener("click", toggle);
const jumps = {{back: () => shown - 1, forward: () => shown + 1, start: () => 0,
  end: () => positions.length}};
for (const [id, target] of Object.entries(jumps)) {{
  document.getElementById(id).addEventListener("click", () => {{ pause(); place(target()); }});
}}
document.getElementById("slider").addEventListener("input", (event) => {{
  pause(); place(parseInt(event.target.value, 10));
}});
document.getElementById("speed").addEventListener("change", () => {{
  if (timer !== null) {{ pause(); play(); }}
}});
document.addEventListener("keydown", (event) => {{
  if (event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return;
  const keys = {{ArrowLeft: () => place(shown - 1), ArrowRight: () => place(shown + 1),
    Home: () => place(0), End: () => place(positions.length), " ": toggle}};
  if (!(event.key in keys)) return;
  event.preventDefault();
  if (event.key !== " ") pause();
  keys[event.key]();
}});
place(0);
</script>
</body>
</html>
"""


def replay_html(level: Level, solution: str, square: int = SQUARE) -> str:
    """The page that replays ``solution`` (LURD, checked here) on ``level``."""
    lurd = expand_lurd(solution)
    replay = verify(level, lurd)
    if replay.error:
        raise ValueError(replay.error)
    boxes = sorted(level.boxes)
    data = {
        "width": level.width, "square": square, "player": level.player, "boxes": boxes,
        "goals": sorted(level.goals), "solution": lurd, "colours": COLOURS,
    }
    svg = level_svg(level, square=square).replace("<svg ", '<svg id="board" ', 1)
    inset = f'data-inset="{square / 10:g}" '
    svg = svg.replace('<rect class="box', f'<rect {inset}class="box')
    title = escape(level.title or "sokosolve replay")
    return _PAGE.format(title=title, svg=svg, length=replay.moves, pushes=replay.pushes,
                        data=json.dumps(data), display_width=level.width * DISPLAY_SQUARE)
