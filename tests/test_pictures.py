"""Pictures: the SVG's shapes against the level, the GIF's frames against the solution, the
replay page driven in a real browser, the ``show`` command and the batch gallery."""

from __future__ import annotations

import os
import shutil
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from click.testing import CliRunner

from sokosolve.cli import main
from sokosolve.io.files import load_levels
from sokosolve.level import parse_level
from sokosolve.pictures import box_paths, level_svg, replay_html, save_gif, save_png
from sokosolve.pictures.style import COLOURS, SQUARE, rgb
from sokosolve.replay import play, positions, verify

from .conftest import shared

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
SVG = "{http://www.w3.org/2000/svg}"
#: Moves the replay page's slider as a hand does: the value, then an input event.
SLIDE = "(slider, k) => { slider.value = k; slider.dispatchEvent(new Event('input')); }"


def _reference(count: int | None = None):
    """Microban I levels with their push-optimal reference solutions."""
    root = shared("microban-solutions-martin-t")
    files = sorted((root / "solutions-pushes" / "microban1").glob("*.txt"),
                   key=lambda f: int(f.stem))[:count]
    for solution_file in files:
        level = load_levels(root / "levels" / "microban1" / solution_file.name)[0]
        yield level, solution_file.read_text().splitlines()[0]


def _shapes(svg: str) -> dict[str, list[ElementTree.Element]]:
    found: dict[str, list[ElementTree.Element]] = {}
    for element in ElementTree.fromstring(svg).iter():
        if "class" in element.attrib:
            found.setdefault(element.attrib["class"], []).append(element)
    return found


def _square_of(level, shape: ElementTree.Element) -> int:
    """The square a rect or circle of a picture stands on."""
    if shape.tag == SVG + "circle":
        x, y = float(shape.attrib["cx"]), float(shape.attrib["cy"])
    else:
        x = float(shape.attrib["x"]) + float(shape.attrib["width"]) / 2
        y = float(shape.attrib["y"]) + float(shape.attrib["height"]) / 2
    return level.square(int(y // SQUARE), int(x // SQUARE))


@pytest.mark.slow
def test_the_svg_of_every_xsokoban_level_has_a_shape_on_each_square():
    for level in load_levels(shared("xsokoban/xsokoban_90.xsb")):
        shapes = _shapes(level_svg(level))
        boxes = shapes.get("box", []) + shapes.get("box-on-goal", [])
        for name, squares in (("wall", level.walls), ("goal", level.goals),
                              ("floor", level.floor)):
            assert sorted(_square_of(level, s) for s in shapes[name]) == sorted(squares), name
        assert sorted(_square_of(level, s) for s in boxes) == sorted(level.boxes)
        assert len(shapes.get("box-on-goal", [])) == len(level.boxes & level.goals)
        assert [_square_of(level, s) for s in shapes["player"]] == [level.player]


def test_the_svg_of_a_solved_position_shows_every_box_on_a_goal_and_the_traces_end_there():
    for level, solution in _reference(20):
        end = play(level, solution)
        paths = box_paths(level, solution)
        shapes = _shapes(level_svg(end, paths))
        assert "box" not in shapes and len(shapes["box-on-goal"]) == len(level.boxes)
        assert sorted(path[-1] for path in paths) == sorted(level.goals)
        assert sorted(path[0] for path in paths) == sorted(level.boxes)
        # Each path moves one square a push, and all pushes are in the paths.
        assert sum(len(path) - 1 for path in paths) == verify(level, solution).pushes
        for path in paths:
            for a, b in zip(path, path[1:], strict=False):
                assert abs(a - b) in (1, level.width)
        assert len(shapes.get("trace", [])) == sum(len(path) > 1 for path in paths)


def test_a_level_shows_itself_as_svg_in_jupyter():
    level = parse_level("#####\n#@$.#\n#####", source="x")
    assert level._repr_svg_() == level_svg(level)
    ElementTree.fromstring(level._repr_svg_())


def test_the_gif_has_a_frame_for_the_start_and_one_for_each_move_or_push(tmp_path):
    from PIL import Image

    for level, solution in _reference(3):
        replay = verify(level, solution)
        frames = save_gif(level, solution, tmp_path / "a.gif")
        with Image.open(tmp_path / "a.gif") as gif:
            assert frames == gif.n_frames == replay.moves + 1
            assert gif.size == (level.width * SQUARE, level.height * SQUARE)
        frames = save_gif(level, solution, tmp_path / "b.gif", per_push=True)
        with Image.open(tmp_path / "b.gif") as gif:
            assert frames == gif.n_frames == replay.pushes + 1
            gif.seek(gif.n_frames - 1)
            last = gif.convert("RGB")
        for square in level.goals:  # the last frame: a box on every goal
            r, c = level.row_col(square)
            edge = last.getpixel((c * SQUARE + SQUARE // 10 + 1, r * SQUARE + SQUARE // 2))
            assert edge == rgb(COLOURS["box-on-goal-edge"])


def test_the_png_draws_the_boxes_and_the_player_where_they_are(tmp_path):
    from PIL import Image

    level, solution = next(_reference(1))
    save_png(level, tmp_path / "a.png")
    with Image.open(tmp_path / "a.png") as png:
        image = png.convert("RGB")
    r, c = level.row_col(level.player)
    assert image.getpixel(((c + 0.5) * SQUARE, (r + 0.5) * SQUARE)) == rgb(COLOURS["player"])
    for square in level.walls:
        r, c = level.row_col(square)
        assert image.getpixel((c * SQUARE + 1, r * SQUARE + 1)) == rgb(COLOURS["wall"])
    for square in level.boxes - level.goals:
        r, c = level.row_col(square)
        assert image.getpixel(((c + 0.5) * SQUARE, (r + 0.5) * SQUARE)) == rgb(COLOURS["box"])


def _browser(playwright):
    """Chromium, Debian's where it is installed; in CI a browser that does not start fails
    the test, elsewhere it skips."""
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        return playwright.chromium.launch(executable_path=executable, headless=True)
    except Exception as error:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no browser to drive: {error}")


def test_the_replay_page_plays_to_the_solved_position_in_a_real_browser(tmp_path):
    from playwright.sync_api import sync_playwright

    level, solution = next(_reference(2))
    replay = verify(level, solution)
    page_file = tmp_path / "replay.html"
    page_file.write_text(replay_html(level, solution))
    with sync_playwright() as playwright:
        browser = _browser(playwright)
        page = browser.new_page()
        page.goto(page_file.as_uri())
        assert page.text_content("#moves") == "0"
        page.select_option("#speed", "240")
        page.click("#play")
        page.wait_for_function(f"document.getElementById('moves').textContent == "
                               f"'{replay.moves}'", timeout=30_000)
        assert page.text_content("#pushes") == str(replay.pushes)
        assert page.locator("#board .box").count() == 0
        assert page.locator("#board .box-on-goal").count() == len(level.goals)
        assert _page_boxes(page, level) == sorted(level.goals)
        for _ in range(replay.moves):  # step back, move by move, to the start
            page.click("#back")
        assert page.text_content("#moves") == "0"
        assert _page_boxes(page, level) == sorted(level.boxes)
        assert _page_player(page, level) == level.player
        page.keyboard.press("End")
        assert page.text_content("#moves") == str(replay.moves)
        page.keyboard.press("Home")
        assert page.text_content("#moves") == "0"
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
        after_one = list(positions(level, solution))[1]
        assert page.text_content("#moves") == "1"
        assert _page_player(page, level) == after_one.player
        page.eval_on_selector("#slider", SLIDE, replay.moves // 2)
        middle = list(positions(level, solution))[replay.moves // 2]
        assert _page_boxes(page, level) == sorted(middle.boxes)
        browser.close()


def _page_boxes(page, level) -> list[int]:
    squares = page.eval_on_selector_all(
        "#board .box, #board .box-on-goal",
        "shapes => shapes.map(s => [parseFloat(s.getAttribute('x')) + "
        "parseFloat(s.getAttribute('width')) / 2, parseFloat(s.getAttribute('y')) + "
        "parseFloat(s.getAttribute('height')) / 2])")
    return sorted(level.square(int(y // SQUARE), int(x // SQUARE)) for x, y in squares)


def _page_player(page, level) -> int:
    x, y = page.eval_on_selector(
        "#board .player", "s => [parseFloat(s.getAttribute('cx')), "
        "parseFloat(s.getAttribute('cy'))]")
    return level.square(int(y // SQUARE), int(x // SQUARE))


def test_show_writes_each_format_by_its_suffix(tmp_path):
    runner = CliRunner()
    puzzle = str(PUZZLES / "first-steps.xsb")
    level = load_levels(puzzle)[0]
    shown = runner.invoke(main, ["show", puzzle])
    assert shown.exit_code == 0
    assert len(_shapes(shown.output)["wall"]) == len(level.walls)
    for name in ("a.svg", "a.png", "a.gif", "a.html"):
        done = runner.invoke(main, ["show", puzzle, "uurD", "--trace", "-o",
                                    str(tmp_path / name)])
        assert done.exit_code == 0, done.output
        assert (tmp_path / name).stat().st_size > 0
    assert "uurD" in (tmp_path / "a.html").read_text()


def test_show_refuses_an_illegal_solution_an_unknown_suffix_and_a_missing_pillow(
        tmp_path, monkeypatch):
    runner = CliRunner()
    puzzle = str(PUZZLES / "first-steps.xsb")
    illegal = runner.invoke(main, ["show", puzzle, "L", "-o", str(tmp_path / "a.svg")])
    assert illegal.exit_code == 2 and "solution: step 1" in illegal.output
    unknown = runner.invoke(main, ["show", puzzle, "-o", str(tmp_path / "a.jpg")])
    assert unknown.exit_code == 2 and "suffix" in unknown.output
    monkeypatch.setitem(sys.modules, "PIL", None)  # an import of PIL now fails
    missing = runner.invoke(main, ["show", puzzle, "-o", str(tmp_path / "a.png")])
    assert missing.exit_code == 2
    assert "pip install 'sokosolve[pictures]'" in missing.output
    assert not (tmp_path / "a.png").exists()


def test_the_batch_gallery_has_a_picture_of_each_solved_level(tmp_path):
    runner = CliRunner()
    done = runner.invoke(main, [str(PUZZLES), "-q", "-j", "1", "--timeout", "20",
                                "--format", "json", "--pictures", str(tmp_path / "g")])
    records = [line for line in done.output.splitlines() if line.startswith("{")]
    solved = sum('"status": "solved"' in line for line in records)
    pictures = sorted(p.name for p in (tmp_path / "g").glob("*.svg"))
    assert solved >= 1 and len(pictures) == solved
    index = (tmp_path / "g" / "index.html").read_text()
    assert all(f'href="{name}"' in index for name in pictures)
    for name in pictures:
        ElementTree.fromstring((tmp_path / "g" / name).read_text())


def test_show_solves_the_level_first_when_no_solution_is_given(tmp_path):
    puzzle = str(PUZZLES / "first-steps.xsb")
    done = CliRunner().invoke(main, ["show", puzzle, "-o", str(tmp_path / "a.html"),
                                     "--timeout", "20"])
    assert done.exit_code == 0, done.output
    page = (tmp_path / "a.html").read_text()
    solution = page.split('"solution": "')[1].split('"')[0]
    assert verify(load_levels(puzzle)[0], solution).solved
    unsolvable = CliRunner().invoke(main, ["show", str(PUZZLES / "no-way-out.xsb"), "-o",
                                           str(tmp_path / "b.gif"), "--timeout", "20"])
    assert unsolvable.exit_code == 1 and "not solved: unsolvable" in unsolvable.output
    assert not (tmp_path / "b.gif").exists()
