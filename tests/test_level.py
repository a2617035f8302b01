import pytest
from hypothesis import given, settings

from sokosolve.io.files import load_levels
from sokosolve.level import LevelError, parse_level, read_levels

from .conftest import PUZZLES, shared
from .reference import small_levels

COLLECTIONS = [
    ("boxoban/hard", 3332),
    ("boxoban/medium-valid", 50000),
    ("boxoban/unfiltered-test", 1000),
    ("microban/microban1_155.txt", 155),
    ("microban/microban2_135.txt", 135),
    ("microban/microban3_101.txt", 101),
    ("microban/microban4_102.txt", 102),
    *[(f"sasquatch/sasquatch{i:02d}_50.{'xsb' if i == 1 else 'txt'}", 50) for i in range(1, 12)],
    ("xsokoban/xsokoban_90.xsb", 90),
]


@pytest.mark.slow
@pytest.mark.parametrize("relative, count", COLLECTIONS)
def test_shared_collections_load_with_their_counts(relative, count):
    path = shared(relative)
    files = sorted(path.glob("*.txt")) if path.is_dir() else [path]
    levels = [lv for f in files for lv in load_levels(f)]
    errors = [lv for lv in levels if isinstance(lv, LevelError)]
    assert errors == []
    assert len(levels) == count
    for level in levels:
        assert len(level.boxes) == len(level.goals) > 0


def test_titles_from_comments_keys_and_text():
    text = (
        "; Set header\n;\n; 1\n\n#####\n#@$.#\n#####\n\n"
        "; 2\n\nTitle Line\n\n####\n#@*#\n####\n\n"
        "#####\n#@$.#\n#####\nTitle: Three\nAuthor: Someone\n"
    )
    levels = list(read_levels(text))
    assert [lv.title for lv in levels] == ["1", "Title Line", "Three"]
    assert levels[2].author == "Someone"
    assert [lv.line for lv in levels] == [5, 13, 17]


def test_boxoban_style_crlf_trailing_spaces_and_ragged_rows():
    text = "; 0\r\n#####   \r\n#@$.#\r\n###\r\n  ###\r\n\r\n; 1\r\n####\r\n#@*#\r\n####\r\n"
    bad = "; 0\r\n#####\r\n#@$.#\r\n###\r\n"
    assert parse_level("#####  \n#@$.#\n#####").to_xsb() == "#####\n#@$.#\n#####\n"
    levels = list(read_levels(text))
    assert isinstance(levels[0], LevelError) and "not closed" in str(levels[0])
    assert levels[1].title == "1" and levels[1].is_solved
    with pytest.raises(LevelError, match="not closed"):
        parse_level(bad)


def test_run_length_rows_and_floor_variants():
    rle = parse_level("5#|#@$.#|5#")
    assert rle == parse_level("#####\n#@$.#\n#####")
    assert parse_level("######\n#@$-.#\n######") == parse_level("######\n#@$_.#\n######")


def test_outside_squares_are_not_floor():
    level = parse_level("  ####\n###  #\n#@$ .#\n######")
    assert level.square(0, 0) not in level.floor
    assert level.square(2, 3) in level.floor
    assert level.to_xsb() == "  ####\n###  #\n#@$ .#\n######\n"


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("#####\n#.$ #\n#####", 1, "no player"),
        ("#####\n#@$@#\n#.  #\n#####", 2, "second player"),
        ("#####\n#@$ #\n#.. #\n#####", 1, "2 goals"),
        ("#####\n#@ .#\n#####", 1, "no boxes"),
        ("#####\n#@$X#\n#.  #\n#####", 2, "unknown character 'X' in column 4"),
        ("#####\n#@$.\n#####", 2, "not closed"),
        ("", None, "no level found"),
        ("just words\n", None, "no level found"),
        ("##\x00##", None, "binary"),
    ],
)
def test_bad_levels_name_line_and_problem(text, line, message):
    with pytest.raises(LevelError, match=message) as caught:
        parse_level(text, source="bad.xsb")
    assert caught.value.line == line
    assert str(caught.value).startswith("bad.xsb")


def test_a_bad_level_in_a_collection_leaves_the_others():
    text = "; a\n#####\n#@$.#\n#####\n\n; b\n#####\n#@$$#\n#####\n\n; c\n####\n#@*#\n####\n"
    levels = list(read_levels(text, "set.sok"))
    assert [type(lv).__name__ for lv in levels] == ["Level", "LevelError", "Level"]
    assert str(levels[1]) == "set.sok:7: 2 boxes but 0 goals"


def test_binary_file_is_refused(tmp_path):
    path = tmp_path / "image.xsb"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(LevelError, match="binary"):
        load_levels(path)


def test_shipped_puzzles_all_read():
    for path in PUZZLES.iterdir():
        levels = load_levels(path)
        assert levels and all(not isinstance(lv, LevelError) for lv in levels), path


@settings(max_examples=200, deadline=None)
@given(small_levels(max_rows=6, max_cols=7, max_boxes=4))
def test_write_then_read_is_the_identity(level):
    text = level.to_xsb()
    again = parse_level(text)
    assert again.to_xsb() == text
    assert (again.walls, again.floor, again.goals, again.boxes, again.player) == (
        level.walls, level.floor, level.goals, level.boxes, level.player,
    )
