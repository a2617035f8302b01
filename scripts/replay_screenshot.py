"""A screenshot of the replay page in headless Chromium, part way through the solution.

    python scripts/replay_screenshot.py puzzles/storeroom.xsb SOLUTION \\
        --at 0.6 -o docs/replay-page.png

SOLUTION is LURD or a file holding it. The page is the one ``sokosolve show
... -o replay.html`` writes; the browser is Debian's Chromium, driven by
Playwright, as in ``tests/test_pictures.py``.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from sokosolve.io.files import load_levels
from sokosolve.pictures import replay_html
from sokosolve.replay import verify

#: Moves the slider as a hand does: the value, then an input event.
SLIDE = "(slider, k) => { slider.value = k; slider.dispatchEvent(new Event('input')); }"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle", type=Path)
    parser.add_argument("solution")
    parser.add_argument("--level", type=int, default=1, help="its number, from 1")
    parser.add_argument("--at", type=float, default=0.5, help="how far through, 0 to 1")
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args()
    level = load_levels(args.puzzle)[args.level - 1]
    solution = args.solution
    if Path(solution).is_file():
        solution = Path(solution).read_text().splitlines()[0]
    moves = verify(level, solution).moves
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        page_file = Path(folder) / "replay.html"
        page_file.write_text(replay_html(level, solution), encoding="utf-8")
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"))
        page = browser.new_page(viewport={"width": 760, "height": 640})
        page.goto(page_file.as_uri())
        page.eval_on_selector("#slider", SLIDE, round(args.at * moves))
        page.screenshot(path=str(args.output), full_page=True)
        browser.close()
    print(f"{args.output}: move {round(args.at * moves)} of {moves}")


if __name__ == "__main__":
    main()
