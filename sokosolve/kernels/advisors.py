"""Advice for the feature-space search: which of a state's pushes to follow first.

After FESS (Shoham and Schaeffer), advisors each propose at most one push of
an expanded state, and inside a cell the search takes first the states whose
paths strayed least from the advice: a push that an advisor proposed costs
0, any other 1. Each cell is then searched as a limited-discrepancy search,
by the cell's key among states that strayed as often. The advisors here:

- **pack**: of the pushes that pack more boxes than the state has, the one
  that ranks first (below);
- **connectivity**: of the pushes that leave fewer free areas than the state
  has and pack no fewer boxes, the one that ranks first;
- **imagine**: the push that puts the most boxes where the parking plan's next
  imagined board has them (:mod:`sokosolve.analysis.parking_plan`), if more than
  the state has, and packs no fewer boxes;
- **opener**: where no push packs more, the push that takes the box standing
  nearest to the goals the plan fills next no nearer to them, clearing their
  surroundings (Festival's opener), if it packs no fewer boxes and leaves no
  more free areas; the player's steps on the empty board measure near;
- **hotspots**: of the pushes that leave fewer boxes cutting another box off
  from every goal (:mod:`sokosolve.kernels.hotspots`) than the state has and
  pack no fewer boxes, the one that ranks first;
- **rooms**: of the pushes that leave fewer links between rooms blocked
  (:mod:`sokosolve.kernels.rooms`) than the state has and pack no fewer boxes,
  the one that ranks first;
- **out of plan**: where boxes stand in the plan's way (the out-of-plan zone of
  :mod:`sokosolve.analysis.out_of_plan`), the push that a push back could undo and
  that takes the box nearest the zone furthest from it, if it packs no fewer
  boxes and leaves no more boxes in the way, free areas or blocked room links
  (Festival's out-of-plan advisor);
- **explorer**: of the pushes that one push back would undo and after which the
  player stands, for the first time, beside another box where it can push it
  (:func:`opens_pushes`), the one that packs the most boxes, then leaves the
  fewest free areas, if it packs no fewer boxes (Festival's explorer; unlike
  Festival's, the square the pushed box left counts as new).

These four rank the pushes as Festival scores positions, whatever their own
measure: most boxes packed, then fewest free areas, blocked room links, boxes
in the plan's way and hotspots, then the lowest cell key.

A state with at most two children has its first one advised too: there is
little to choose from. How often a path strayed sits in a cell key's high
bits, above :data:`ADVICE_SHIFT`.

>>> import numpy as np
>>> keys = np.array([7, 5, 9, 4], dtype=np.int64)  # node 0 and its children 1-3
>>> features = np.array([[1, 3, 0, 0, 2, 3, 1, 0, 0, -1, -1],
...                      [2, 3, 0, 0, 5, 4, 1, 0, 0, -1, -1],
...                      [1, 2, 0, 0, 4, 4, 1, 0, 0, -1, -1]], dtype=np.int32)
>>> # (packed, areas, imagine, in the way, steps before, after, hot, opens pushes,
>>> #  blocked links, pushes from the out-of-plan zone before, after)
>>> follow_advice(keys, 0, 1, 4, features, 1, 3, 0, 1, 0, 0)
>>> (keys >> ADVICE_SHIFT).tolist()  # child 2 packs, child 3 joins areas
[0, 1, 0, 0]
>>> keys = np.array([7, 5, 9, 4], dtype=np.int64)
>>> features[1, 0] = 1  # none packs: the opener moves child 1's box, the nearest, away
>>> follow_advice(keys, 0, 1, 4, features, 1, 3, 0, 1, 0, 0)
>>> (keys >> ADVICE_SHIFT).tolist()
[0, 0, 1, 0]
>>> keys = np.array([7, 5, 9, 4], dtype=np.int64)
>>> features[1, 6] = 0  # child 2's push leaves no box cut off from the goals: advised
>>> follow_advice(keys, 0, 1, 4, features, 1, 3, 0, 1, 0, 0)
>>> (keys >> ADVICE_SHIFT).tolist()
[0, 0, 0, 0]
>>> keys = np.array([7, 5, 9, 4], dtype=np.int64)
>>> features[1, 6] = 1; features[2, :9] = [1, 3, 0, 0, -1, -1, 1, 1, 0]  # child 3 joins
>>> follow_advice(keys, 0, 1, 4, features, 1, 3, 0, 1, 0, 0)  # no areas, opens pushes
>>> (keys >> ADVICE_SHIFT).tolist()  # the opener's advice and the explorer's
[0, 0, 1, 0]
>>> keys = np.array([7, 5, 9, 4], dtype=np.int64)
>>> features[:, 8] = [2, 1, 2]  # the node blocks two links, child 2's push frees one
>>> follow_advice(keys, 0, 1, 4, features, 1, 3, 0, 1, 2, 0)
>>> (keys >> ADVICE_SHIFT).tolist()  # and the rooms advisor proposes it
[0, 0, 0, 0]
>>> keys = np.array([7, 5, 9, 4], dtype=np.int64)
>>> features[:, 8] = 0; features[1, 9:] = [0, 2]  # a box in the plan's way, 2 pushes out
>>> follow_advice(keys, 0, 1, 4, features, 1, 3, 0, 1, 0, 1)
>>> (keys >> ADVICE_SHIFT).tolist()  # the out-of-plan advisor proposes child 2's push
[0, 0, 0, 0]
"""

from __future__ import annotations

import numba
import numpy as np

from .distances import UNREACHABLE
from .layout import Plan

#: The bit of a cell key from which on it counts the pushes off the advice.
ADVICE_SHIFT = 32


@numba.njit(cache=True)
def _ranks_before(features: np.ndarray, cell_keys: np.ndarray, first: int, a: int,
                  b: int) -> bool:
    """Whether child ``a`` ranks before child ``b`` as Festival scores positions: more
    boxes packed, then fewer free areas, blocked room links, boxes in the plan's way and
    hotspots, then the lower cell key."""
    if features[a, 0] != features[b, 0]:
        return features[a, 0] > features[b, 0]
    for column in (1, 8, 3, 6):
        if features[a, column] != features[b, column]:
            return features[a, column] < features[b, column]
    return cell_keys[first + a] < cell_keys[first + b]


@numba.njit(cache=True)
def follow_advice(
    cell_keys: np.ndarray, node: int, first: int, end: int, features: np.ndarray,
    packed: int, areas: int, imagine: int, hotspots: int, blocked: int, in_the_way: int,
) -> None:
    """Adds to the cell keys of ``node``'s children ``first`` to ``end - 1`` how often
    their paths strayed from the advice.

    ``features[k]`` is the k-th child's (packed boxes, free areas, imagine count, -, the
    pushed box's steps to the plan's next goals before the push and after it, -1 without
    an opener, hotspots, 1 if the explorer may propose it, blocked links between rooms,
    the pushed box's pushes from the out-of-plan zone before and after, or -1 where the
    out-of-plan advisor may not propose it: :func:`zone_steps`); ``packed``, ``areas``,
    ``imagine``, ``hotspots``, ``blocked`` and ``in_the_way`` (boxes in the out-of-plan
    zone; ``features[k, 3]`` is the child's) are the node's. A child's count is its
    parent's, plus one unless an advisor proposed the push to it.
    """
    pack = link = picture = opener = cool = scout = door = clear = -1
    for k in range(end - first):
        key, child_packed, child_areas = cell_keys[first + k], features[k, 0], features[k, 1]
        if features[k, 7] and child_packed >= packed and (
            scout < 0 or child_packed > features[scout, 0]
            or (child_packed == features[scout, 0] and (child_areas < features[scout, 1] or (
                child_areas == features[scout, 1] and key < cell_keys[first + scout])))
        ):
            scout = k
        if child_packed > packed and (
                pack < 0 or _ranks_before(features, cell_keys, first, k, pack)):
            pack = k
        if child_packed >= packed and child_areas < areas and (
                link < 0 or _ranks_before(features, cell_keys, first, k, link)):
            link = k
        if child_packed >= packed and features[k, 2] > imagine and (
            picture < 0 or features[k, 2] > features[picture, 2]
            or (features[k, 2] == features[picture, 2] and key < cell_keys[first + picture])
        ):
            picture = k
        near, far = features[k, 4], features[k, 5]
        if near >= 0 and far >= near and child_packed >= packed and child_areas <= areas and (
            opener < 0 or near < features[opener, 4]
            or (near == features[opener, 4] and (far > features[opener, 5] or (
                far == features[opener, 5] and key < cell_keys[first + opener])))
        ):
            opener = k
        if child_packed >= packed and features[k, 6] < hotspots and (
                cool < 0 or _ranks_before(features, cell_keys, first, k, cool)):
            cool = k
        if child_packed >= packed and features[k, 8] < blocked and (
                door < 0 or _ranks_before(features, cell_keys, first, k, door)):
            door = k
        near, far = features[k, 9], features[k, 10]
        if in_the_way > 0 and near >= 0 and far > near and child_packed >= packed and (
            child_areas <= areas and features[k, 3] <= in_the_way and features[k, 8] <= blocked
        ) and (
            clear < 0 or near < features[clear, 9]
            or (near == features[clear, 9] and (far > features[clear, 10] or (
                far == features[clear, 10] and key < cell_keys[first + clear])))
        ):
            clear = k
    if pack >= 0:
        opener = -1  # the opener is for when nothing packs
    strayed = cell_keys[node] >> ADVICE_SHIFT
    for k in range(end - first):
        advised = (k == pack or k == link or k == picture or k == opener or k == cool
                   or k == scout or k == door or k == clear or (k == 0 and end - first <= 2))
        cell_keys[first + k] += (strayed + (not advised)) << ADVICE_SHIFT


@numba.njit(cache=True)
def opens_pushes(
    occupied: np.ndarray, offsets: np.ndarray, box_squares: np.ndarray, landing: int,
    marks: np.ndarray, stamp: int, child_marks: np.ndarray, child_stamp: int,
) -> bool:
    """Whether the push that put a box on ``landing`` lets the player, for the first
    time, stand beside another box where it can push that box (Festival's explorer).

    ``marks == stamp`` is the player's region before the push, ``child_marks ==
    child_stamp`` after it; ``occupied`` is the board after it.
    """
    for b in box_squares:
        if b == landing:
            continue
        for k in range(4):
            side = b + offsets[k]
            if (marks[side] != stamp and child_marks[side] == child_stamp
                    and not occupied[b - offsets[k]]):
                return True
    return False


@numba.njit(cache=True)
def zone_steps(plan: Plan, features: np.ndarray, packed: int) -> None:
    """Turns each child's pushed box's squares before and after (``features[k, 9:11]``)
    into its pushes from the plan's out-of-plan zone at ``packed`` boxes, or -1 and -1 where
    the push cannot be undone by pushes (the squares in two push groups), the box leaves
    a square or lands on one the zone cannot reach, or the plan has no zone distances."""
    distances, groups = plan.zone_distances, plan.push_groups
    for k in range(features.shape[0]):
        near = far = -1
        if distances.shape[0]:
            row = min(packed, distances.shape[0] - 1)
            source, target = features[k, 9], features[k, 10]
            if groups[source] == groups[target] and distances[row, source] < UNREACHABLE \
                    and distances[row, target] < UNREACHABLE:
                near, far = distances[row, source], distances[row, target]
        features[k, 9] = near
        features[k, 10] = far
