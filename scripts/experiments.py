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
    FEATURES_BOXES,
    FEATURES_DIVE,
    FEATURES_OUT_OF_PLAN,
    FEATURES_PHASES_ADVISED,
    FEATURES_PHASES_BOXES,
    FEATURES_UNSTEERED,
    GREEDY,
    MEET_ALL,
    MEET_BOXES,
    MEET_MIXED,
    seeded,
)
from sokosolve.search.spec import Meet, Race, Strategy, Then, portfolio

#: The backward feature search with a bound blind to the player's side of each box.
BACKWARD_FEATURES_BLIND = replace(BACKWARD_FEATURES, blind=True)

#: The second racer's meeting before box moves (2026-12-06).
MEET_BACKWARD = Meet(seeded(FEATURES_PHASES_ADVISED, 2), ((BACKWARD_FEATURES, 2 / 3),))

#: The cells in turn only, as before the best cell's turns.
FEATURES_IN_TURN = replace(FEATURES, best_cell=False)

EXPERIMENTS: dict[str, Strategy] = {
    "features-no-pack-moves": replace(FEATURES, pack_moves=False),
    "features-in-turn": FEATURES_IN_TURN,
    "features-advised": replace(FEATURES_IN_TURN, advisors=True),
    "features-advised-best": replace(FEATURES, advisors=True),
    "features-parking": replace(FEATURES, parking=0.2),
    "features-parking-advised": replace(FEATURES, parking=0.2, advisors=True),
    # the hotspots advisor too (2026-12-06): alone it solves XSokoban 40, in the race no gain
    "features-phases-hotspots": replace(FEATURES_PHASES_ADVISED, hotspots=True),
    # the rooms advisor, the hotspots advisor, and both, in the phase plan's search with box
    # moves (2026-12-07, seventh session: with both, alone, it solves XSokoban 77 and
    # Sasquatch I 5, which no default solves; in the race, as core one's second or last
    # search, it does not)
    "features-phases-boxes-rooms": replace(FEATURES_PHASES_BOXES, rooms=True),
    "features-phases-boxes-hotspots": replace(FEATURES_PHASES_BOXES, hotspots=True),
    "features-phases-all-advisors": replace(FEATURES_PHASES_BOXES, hotspots=True, rooms=True),
    # the packing plan's search with box moves, its cells counting the boxes in the plan's
    # way, and the out-of-plan advisor (2026-12-07, seventh session)
    "features-boxes-out-of-plan": replace(FEATURES_BOXES, out_of_plan=True),
    "features-boxes-out-of-plan-all": replace(FEATURES_BOXES, out_of_plan=True, explorer=True,
                                              hotspots=True, rooms=True),
    # the dive plan's search with every advisor (2026-12-07: it solves other levels)
    "features-dive-all": replace(FEATURES_DIVE, rooms=True, hotspots=True, explorer=True),
    # the explorer in the packing plan's search with box moves (2026-12-07); the dive
    # plan's is the preset features-dive-explorer
    "features-boxes-explorer": replace(FEATURES_BOXES, explorer=True),
    # every box to every square it reaches as one move, without the advisors
    "features-box-moves": replace(FEATURES, box_moves=True),
    "meet-backward": MEET_BACKWARD,
    # the dive plan's search as the second core's last restart, after the packing plan's
    "race-dive-last": portfolio((
        MEET_MIXED, MEET_BOXES, FEATURES_PHASES_BOXES, FEATURES_BOXES,
        seeded(FEATURES_PHASES_ADVISED, 3), FEATURES_DIVE), lead=0.5),
    # the race before the dive plan (2026-12-06), and with the dive plan's search first on
    # the second core and the packing plan's last, in place of the out-of-plan search
    "race-before-dive": portfolio((
        MEET_MIXED, MEET_BOXES, FEATURES_PHASES_BOXES, FEATURES_BOXES,
        seeded(FEATURES_PHASES_ADVISED, 3), seeded(FEATURES_OUT_OF_PLAN, 3)), lead=0.5),
    "race-dive-boxes": portfolio((
        MEET_MIXED, MEET_BOXES, FEATURES_PHASES_BOXES, FEATURES_DIVE,
        seeded(FEATURES_PHASES_ADVISED, 3), FEATURES_BOXES), lead=0.5),
    # the dive plan with single pushes and pack moves (2026-12-06: 0 of 17 XSokoban levels
    # that features-dive solves 8 of, one core, 15 s)
    "features-pushes-dive": replace(FEATURES, dive=True),
    # the second core's box-move searches given the last restart's time too (2026-12-06;
    # A/B at 30 s, XSokoban 83/90 against the race's 83/90)
    "race-boxes-longer": portfolio((
        MEET_MIXED, MEET_BOXES, FEATURES_PHASES_BOXES, FEATURES_BOXES,
        seeded(FEATURES_PHASES_ADVISED, 3)), lead=0.5),
    # the race before box moves (2026-12-06)
    "race-before-box-moves": portfolio((
        MEET_MIXED, MEET_BACKWARD, FEATURES_PHASES_ADVISED, seeded(FEATURES_PHASES_ADVISED, 5),
        seeded(FEATURES_PHASES_ADVISED, 3), seeded(FEATURES_OUT_OF_PLAN, 3)), lead=0.5),
    # other weights on the steer to the plan's next goals (6 in the default)
    **{f"features-next-goals-{w}": replace(FEATURES, next_goals=w) for w in (1, 3, 12, 30)},
    "features-out-of-plan-next-goals-30": replace(FEATURES_OUT_OF_PLAN, next_goals=30),
    "features-areas-steered": replace(AREAS, next_goals=6),
    # the race before the second core's restart (2026-12-04), and other second racers: the
    # meeting with the out-of-plan or the unsteered forward search, forward searches only
    "race-meet-backward": Race((MEET_MIXED, Then(AREAS, 0.1, MEET_BACKWARD))),
    "race-out-of-plan": Race((MEET_MIXED, Then(AREAS, 0.1, Meet(
        FEATURES_OUT_OF_PLAN, ((BACKWARD_FEATURES, 2 / 3),))))),
    "race-unsteered": Race((MEET_MIXED, Then(AREAS, 0.1, Meet(
        FEATURES_UNSTEERED, ((BACKWARD_FEATURES, 2 / 3),))))),
    "race-forward-pair": Race((MEET_MIXED, Then(AREAS, 0.1, Then(
        FEATURES_OUT_OF_PLAN, 0.5, FEATURES_UNSTEERED)))),
    "race-portfolio": Race((MEET_MIXED, Then(AREAS, 0.1, Then(FEATURES_OUT_OF_PLAN, 0.4, Then(
        replace(FEATURES, next_goals=30), 0.25, FEATURES_UNSTEERED))))),
    # the race before its forward searches were seeded (2026-12-05)
    "race-unseeded": Race((Meet(FEATURES, ((BACKWARD, 1 / 2),)), Then(AREAS, 0.1, Then(Meet(
        FEATURES, ((BACKWARD_FEATURES, 2 / 3),)), 0.5, FEATURES_OUT_OF_PLAN)))),
    # the two meetings for all the time, without restarts: the perimeter shares each one's
    # backward states with the other's forward search
    "race-meets": Race((MEET_MIXED, MEET_BOXES)),
    # the first core's meeting for all the time, the second's restarts as in the race
    "race-one-meeting": Race((MEET_MIXED, Then(MEET_BOXES, 0.5, Then(
        FEATURES_DIVE, 0.5, seeded(FEATURES_OUT_OF_PLAN, 3))))),
    # the one-core default before its restarts
    "one-core-meet": Then(MEET_ALL, 0.9, AREAS),
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
