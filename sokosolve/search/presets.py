"""The named strategies, as data: :data:`PRESETS`.

Each is a composition of :mod:`sokosolve.search.spec`; ``docs/strategies.md``
says why each part is there and what it was measured to add.

>>> print(PRESETS["meet-mixed"])
meet(features w3 best next-goals w6 pack-moves noise20 seed1 | backward greedy w30 @0.5)
"""

from __future__ import annotations

from dataclasses import replace

from .spec import Meet, Optimal, Order, Search, Strategy, Then, portfolio

GREEDY = Search(Order.GREEDY, 3)
#: Every other turn to the best cell, as FESS does; the pushed box steered to the plan's
#: next goals, as YASS does; the boxes nearest to them also pushed all the way, as one
#: move, as FESS moves boxes.
FEATURES = Search(Order.FEATURES, 3, best_cell=True, next_goals=6, pack_moves=True)
#: The same with the boxes in the plan's way as a third feature: it solves other levels.
FEATURES_OUT_OF_PLAN = replace(FEATURES, out_of_plan=True)
#: The same without the steer or the pack moves: where the plan asks for the wrong goal
#: first, they pull every cell the wrong way.
FEATURES_UNSTEERED = replace(FEATURES, next_goals=0, pack_moves=False)
#: The same counting packed boxes by the phase plan, with boxes parked on the way.
FEATURES_PHASES = replace(FEATURES, phases=0.05)
#: The same taking first, in each cell, the paths that strayed least from the advisors,
#: the opener among them.
FEATURES_PHASES_ADVISED = replace(FEATURES_PHASES, advisors=True, opener=True)
#: Commits to one goal area at a time until it gets stuck; its weight is high.
AREAS = Search(Order.FEATURES, 30, commit_areas=True)
PUSHES = Search(Order.ASTAR, 1)
BFS = Search(Order.BFS, 0)
BACKWARD = Search(Order.GREEDY, 30, backward=True)
BACKWARD_FEATURES = Search(Order.FEATURES, 30, backward=True)
BACKWARD_BFS = Search(Order.BFS, 0, backward=True)

#: The noise on a seeded feature search's key: the race's forward searches each have a
#: seed of their own, so that the two cores do not search alike.
NOISE = 20


def seeded(search: Search, seed: int) -> Search:
    """``search`` with its ties broken by ``seed``."""
    return replace(search, noise=NOISE, seed=seed)


MEET_MIXED = Meet(seeded(FEATURES, 1), ((BACKWARD, 1 / 2),))
#: The three searches of the race in one meeting: the forward one runs once.
MEET_ALL = Meet(FEATURES, ((BACKWARD_FEATURES, 1 / 2), (BACKWARD, 1 / 4)))

#: The phase plan's advised search that also moves every box to every square it reaches as
#: one move, as FESS moves boxes, with the explorer among its advisors; and the advised
#: search by the packing plan that moves boxes.
FEATURES_PHASES_BOXES = replace(FEATURES_PHASES_ADVISED, box_moves=True, explorer=True)
FEATURES_BOXES = replace(FEATURES, advisors=True, opener=True, box_moves=True)
#: The same by the plan of a backward dive that takes the boxes away one at a time, each
#: pulled straight to a free start square, as Festival's backward search often does.
FEATURES_DIVE = replace(FEATURES_BOXES, dive=True)
#: The same with the explorer among its advisors: it solves other levels.
FEATURES_DIVE_EXPLORER = replace(FEATURES_DIVE, explorer=True)
#: The second racer's meeting: the phase plan's advised search with box moves, met by the
#: backward feature search with two thirds of the time.
MEET_BOXES = Meet(seeded(FEATURES_PHASES_BOXES, 2), ((BACKWARD_FEATURES, 2 / 3),))
#: The packing plan's search with box moves, counting the boxes in the plan's way, with
#: every advisor (the out-of-plan, hotspots and rooms advisors and the explorer too).
FEATURES_OUT_OF_PLAN_ADVISED = replace(FEATURES_BOXES, out_of_plan=True, explorer=True,
                                       hotspots=True, rooms=True)

#: The default on one core (a batch, ``-j 1``, :func:`sokosolve.solve`): the meeting, then
#: restarts with other searches.
ONE_CORE = Then(MEET_ALL, 0.6, Then(FEATURES_UNSTEERED, 0.75, AREAS))
#: The default for a single level on two cores or more: four rounds a core, as Festival
#: runs its portfolio. Core one: its meeting for half its time, then the phase plan's
#: advised search with box moves, the advised phase-plan search, and the advised search
#: with box moves by the packing plan. Core two: the dive plan's search for 0.15 of its
#: time (the levels it solves, it solves in seconds), its meeting (box moves forward) for
#: half the rest, then the dive plan's search with the explorer and the out-of-plan search
#: with box moves and every advisor;
#: the dive plan's searches give up where the dive finds no plan, for the next.
RACE = portfolio((MEET_MIXED, (replace(FEATURES_DIVE, dive_only=True), 0.15),
                  FEATURES_PHASES_BOXES, (MEET_BOXES, 0.5), seeded(FEATURES_PHASES_ADVISED, 3),
                  replace(FEATURES_DIVE_EXPLORER, dive_only=True), seeded(FEATURES_BOXES, 3),
                  FEATURES_OUT_OF_PLAN_ADVISED),
                 lead=0.5)

#: The strategies by name: the defaults, their parts, the optimal search and the
#: breadth-first oracles. Experiments that no default uses live in ``scripts/``.
PRESETS: dict[str, Strategy] = {
    "one-core": ONE_CORE,
    "race": RACE,
    "pushes": PUSHES,
    "optimal-pushes": Optimal("pushes"),
    "optimal-moves": Optimal("moves"),
    "greedy": GREEDY,
    "features": FEATURES,
    "features-out-of-plan": FEATURES_OUT_OF_PLAN,
    "features-unsteered": FEATURES_UNSTEERED,
    "features-phases": FEATURES_PHASES,
    "features-phases-advised": FEATURES_PHASES_ADVISED,
    "features-phases-boxes": FEATURES_PHASES_BOXES,
    "features-boxes": FEATURES_BOXES,
    "features-out-of-plan-advised": FEATURES_OUT_OF_PLAN_ADVISED,
    "features-dive": FEATURES_DIVE,
    "features-dive-explorer": FEATURES_DIVE_EXPLORER,
    "features-areas": AREAS,
    "backward": BACKWARD,
    "backward-features": BACKWARD_FEATURES,
    "meet-mixed": MEET_MIXED,
    "meet-boxes": MEET_BOXES,
    "meet-all": MEET_ALL,
    "bfs": BFS,
    "backward-bfs": BACKWARD_BFS,
}
