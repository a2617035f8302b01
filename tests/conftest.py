from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "levels"
PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"


def shared(relative: str) -> Path:
    """A path under ../shared/levels, or a skip with the reason where it is absent."""
    path = SHARED / relative
    if not path.exists():
        pytest.skip(f"{path} is absent: the shared level collections are not beside the checkout")
    return path
