"""Strategies that no default uses, kept as data for the benchmarks (``bench.py --strategy``).

Each was measured against the defaults; ``docs/strategies.md`` has the figures.
"""

from __future__ import annotations

from dataclasses import replace

from sokosolve.search.presets import BACKWARD, BACKWARD_FEATURES, FEATURES, GREEDY
from sokosolve.search.spec import Meet, Race, Strategy

#: The backward feature search with a bound blind to the player's side of each box.
BACKWARD_FEATURES_BLIND = replace(BACKWARD_FEATURES, blind=True)

#: The cells in turn only, as before the best cell's turns.
FEATURES_IN_TURN = replace(FEATURES, best_cell=False)

EXPERIMENTS: dict[str, Strategy] = {
    "features-in-turn": FEATURES_IN_TURN,
    "features-advised": replace(FEATURES_IN_TURN, advisors=True),
    "features-advised-best": replace(FEATURES, advisors=True),
    "features-parking": replace(FEATURES, parking=0.2),
    "features-parking-advised": replace(FEATURES, parking=0.2, advisors=True),
    "backward-features-blind": BACKWARD_FEATURES_BLIND,
    "meet": Meet(FEATURES, ((BACKWARD_FEATURES, 1 / 2),)),
    "meet-fast": Meet(GREEDY, ((BACKWARD, 1 / 2),)),
    "meet-blind": Meet(FEATURES, ((BACKWARD_FEATURES_BLIND, 2 / 3),)),
    # the race before the mixed pairs: feature cells met by feature cells, greedy by greedy
    "same-kind": Race((Meet(FEATURES, ((BACKWARD_FEATURES, 1 / 2),)),
                       Meet(GREEDY, ((BACKWARD, 1 / 2),)))),
    # four searches, each on its own
    "separate": Race((FEATURES, BACKWARD, GREEDY, BACKWARD_FEATURES)),
}
