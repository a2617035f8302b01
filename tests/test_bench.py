"""scripts/bench.py: its switches are refused where they would not change what it runs."""

import pytest

from scripts.bench import main


@pytest.mark.parametrize("switch", [["--no-frozen-goals"], ["--no-packing-plan"],
                                    ["--weight", "5"], ["--no-pi-corrals"]])
def test_race_refuses_the_switches_its_racers_would_ignore(switch, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["puzzles/first-steps.xsb", "--race", *switch])
    assert stopped.value.code == 2
    assert f"{switch[0]} would be ignored" in capsys.readouterr().err
