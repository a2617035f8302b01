"""Strategies that no default uses, kept as data for the benchmarks (``bench.py --strategy``).

Each was measured against the defaults; ``docs/strategies.md`` and ``docs/benchmarks.md``
have the figures. They build on the default searches as they are now, so one measured
before a default changed may differ from what its name gives today.
"""

from __future__ import annotations

from dataclasses import replace

from sokosolve.search.presets import (
    AREAS,
    BACKWARD,
    BACKWARD_FEATURES,
    FEATURES,
    GREEDY,
    MEET_MIXED,
)
from sokosolve.search.spec import Meet, Race, Strategy, Then

#: The backward feature search with a bound blind to the player's side of each box.
BACKWARD_FEATURES_BLIND = replace(BACKWARD_FEATURES, blind=True)

#: The cells in turn only, as before the best cell's turns.
FEATURES_IN_TURN = replace(FEATURES, best_cell=False)

#: The default forward search with the boxes in the plan's way as a third feature.
FEATURES_OUT_OF_PLAN = replace(FEATURES, out_of_plan=True)

EXPERIMENTS: dict[str, Strategy] = {
    "features-in-turn": FEATURES_IN_TURN,
    "features-advised": replace(FEATURES_IN_TURN, advisors=True),
    "features-advised-best": replace(FEATURES, advisors=True),
    "features-parking": replace(FEATURES, parking=0.2),
    "features-parking-advised": replace(FEATURES, parking=0.2, advisors=True),
    "features-out-of-plan": FEATURES_OUT_OF_PLAN,
    # the default forward search before it steered boxes to the plan's next goals (6 there),
    # and other weights on that steer
    "features-unsteered": replace(FEATURES, next_goals=0),
    **{f"features-next-goals-{w}": replace(FEATURES, next_goals=w) for w in (1, 3, 12, 30)},
    # the race with that search as its second forward one (measured by A/B, 2026-12-04)
    "race-out-of-plan": Race((MEET_MIXED, Then(AREAS, 0.1, Meet(
        FEATURES_OUT_OF_PLAN, ((BACKWARD_FEATURES, 2 / 3),))))),
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
