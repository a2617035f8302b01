"""Search modes and portfolios by name."""

from __future__ import annotations

from dataclasses import dataclass

from ..kernels import loop

#: Search modes: name -> (ordering, weight on the lower bound, backward).
#: ``backward`` pulls the boxes from the goals back to their start squares.
MODES = {
    "fast": (loop.GREEDY, 3, False),
    "features": (loop.FEATURES, 3, False),
    "features-areas": (loop.FEATURES, 30, False),
    "pushes": (loop.ASTAR, 1, False),
    "bfs": (loop.BFS, 0, False),
    "backward": (loop.GREEDY, 30, True),
    "backward-features": (loop.FEATURES, 30, True),
    "backward-features-blind": (loop.FEATURES, 30, True),
    "backward-bfs": (loop.BFS, 0, True),
}



#: Modes that commit to one goal area at a time (:mod:`sokosolve.analysis.area_commitment`) until
#: they get stuck. Their weight is high: on Sasquatch I-5 the committed search with
#: weight 3 does not finish in 30 s, with 30 it needs 1.3 s.
COMMITTED_MODES = {"features-areas"}



#: Modes whose bound does not see which side of a box the player is on
#: (:func:`~sokosolve.kernels.push_sides.player_blind`). The weaker bound guides the backward
#: feature search elsewhere: Sasquatch I-39 is solved by it (meeting the forward
#: features search, 12.6 to 18.7 s) and not by the player-aware one in 60 s, which solves
#: I-31 and I-42 that the blind one does not. Not in the default race: half of the
#: first racer's time for it solved I-39 but lost three XSokoban levels (56/90).
PLAYER_BLIND_MODES = {"backward-features-blind"}



#: Meeting modes: name -> (forward mode, backward modes, the backward ones' shares of the
#: time), run in turns until a state that the forward search and a backward one reach
#: joins them (:mod:`sokosolve.search.meet`); they share the state limit.
MEETING_MODES = {
    "meet": ("features", ("backward-features",), (1 / 2,)),
    "meet-fast": ("fast", ("backward",), (1 / 2,)),
    "meet-mixed": ("features", ("backward",), (1 / 2,)),
    "meet-backward": ("features", ("backward-features",), (2 / 3,)),
    "meet-blind": ("features", ("backward-features-blind",), (2 / 3,)),
    "meet-all": ("features", ("backward-features", "backward"), (1 / 2, 1 / 4)),
}


@dataclass(frozen=True)
class Config:
    """One way to run the search."""

    mode: str = "fast"
    weight: int | None = None
    pi_corrals: bool = True
    #: A search run first, for ``first_share`` of the time; ``mode`` gets the rest.
    first: str | None = None
    first_share: float = 0.0



#: Four searches, each on its own. Pushing from the start
#: and pulling back from the goals, each by feature cells or greedily, fail on
#: different levels, and a level one of them solves it mostly solves fast.
SEPARATE_PORTFOLIO = (
    Config("features"), Config("backward"), Config("fast"), Config("backward-features"),
)



#: The configurations raced by default, best first: two forward-backward pairs
#: that take turns and stop where they meet (:mod:`sokosolve.search.meet`).
#: Both push forward by feature cells; one pulls back greedily, the other by
#: feature cells with two thirds of its time. Each of the three searches is
#: needed: the greedy backward search alone solves eight XSokoban levels that
#: the two feature searches do not solve meeting; the backward feature search
#: alone solves Sasquatch I-32 and I-44, and Microban IV-57 only where it meets
#: the forward one. Sasquatch I on two cores at 60 s: 36
#: solved, slowest 42.5 s, against 35, slowest 53.3 s, for the "same-kind"
#: pairs. The second pair starts with the search committed to one goal area
#: at a time for a tenth of the time: it adds Sasquatch I-5 (37 solved). The notes on issue 4
#: have the runs behind these figures.
FAST_PORTFOLIO = (Config("meet-mixed"),
                  Config("meet-backward", first="features-areas", first_share=0.1))



#: The earlier default: feature cells met by feature cells, greedy by greedy.
SAME_KIND_PORTFOLIO = (Config("meet"), Config("meet-fast"))



#: The search for one core: the three searches of the portfolio in one meeting,
#: the forward one run once (:mod:`sokosolve.search.meet`), half of the time
#: to the backward feature search; then, for the last tenth of the time, the
#: search committed to one goal area at a time. On one core a level, Sasquatch I
#: at 60 s: 37 solved (I-5 by the committed search, in 55.9 s), against 36 for
#: the meeting alone and 37 for the committed search first, which took the median
#: time from 1.4 to 6.6 s; Microban I-IV: all 493.
ONE_CORE = Config("features-areas", first="meet-all", first_share=0.9)



#: Portfolios by name, for the benchmarks.
PORTFOLIOS = {"meeting": FAST_PORTFOLIO, "same-kind": SAME_KIND_PORTFOLIO,
              "separate": SEPARATE_PORTFOLIO, "one-core": (ONE_CORE,)}
