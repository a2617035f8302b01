"""PI-corral pruning: when the player must enter a corral, only pushes into it are tried.

A *corral* is a connected area the player cannot reach, together with the
boxes that fence it in. It is a *PI-corral* when

- **I**: no box of the corral can be pushed out of it, now or after other
  boxes move (a push whose pusher square is a wall never can), and
- **P**: every push of a corral box into the corral that starts outside it
  can be made now, from the player's region.

If such a corral is not finished (a box off a goal, or an empty goal inside),
some push into it must come first in any solution, and the pushes outside can
wait: so a state only needs the pushes into one PI-corral, the one with the
fewest. Pushes onto dead squares count as impossible, as they are never made.
"""

from __future__ import annotations

import numpy as np

from .jit import borrowing


@borrowing
def _classify(
    walls: np.ndarray, box_at: np.ndarray, dead: np.ndarray, offsets: np.ndarray,
    marks: np.ndarray, stamp: int, labels: np.ndarray, label: int, box: int,
    allowed: np.ndarray, write: bool,
) -> int:
    """Inward pushes of one corral box, or -1 if the box breaks condition I or P."""
    count = 0
    square = box
    for d in range(4):
        pusher = square - offsets[d]
        target = square + offsets[d]
        if walls[target] or box_at[target] >= 0 or dead[target] or walls[pusher]:
            continue
        inside_pusher = labels[pusher] == label
        if labels[target] == label:
            if marks[pusher] == stamp:
                count += 1
                if write:
                    allowed[box_at[square] * 4 + d] = 1
            elif not inside_pusher:
                return -1  # P: a box outside blocks this push for now
        elif not inside_pusher:
            return -1  # I: the box could leave the corral
    return count


@borrowing
def pi_corral_pushes(
    walls: np.ndarray, box_at: np.ndarray, box_squares: np.ndarray, goal_mask: np.ndarray,
    dead: np.ndarray, offsets: np.ndarray, marks: np.ndarray, stamp: int,
    labels: np.ndarray, label: int, stack: np.ndarray, allowed: np.ndarray,
) -> tuple[int, int]:
    """Marks in ``allowed`` (box index * 4 + direction) the pushes into the best PI-corral.

    ``marks == stamp`` is the player's region. Corrals are labelled in
    ``labels`` with numbers above ``label``. Returns the number of allowed
    pushes, or -1 when there is no unfinished PI-corral (every push is
    allowed), and the last label used.
    """
    best, best_count = -1, 1 << 30
    first_label = label + 1
    for i in range(box_squares.size):
        for d in range(4):
            start = box_squares[i] + offsets[d]
            if walls[start] or box_at[start] >= 0 or marks[start] == stamp:
                continue
            if labels[start] >= first_label:
                continue
            label += 1
            labels[start] = label
            stack[0] = start
            top = 1
            unfinished = False
            while top > 0:
                top -= 1
                s = stack[top]
                if box_at[s] >= 0:
                    unfinished |= not goal_mask[s]
                else:
                    unfinished |= goal_mask[s] == 1
                for o in offsets:
                    t = s + o
                    if walls[t] or marks[t] == stamp or labels[t] == label:
                        continue
                    labels[t] = label
                    stack[top] = t
                    top += 1
            if not unfinished:
                continue
            count = 0
            for j in range(box_squares.size):
                if labels[box_squares[j]] != label:
                    continue
                pushes = _classify(walls, box_at, dead, offsets, marks, stamp, labels, label,
                                   box_squares[j], allowed, False)
                if pushes < 0:
                    count = -1
                    break
                count += pushes
            if 0 < count < best_count:
                best, best_count = label, count
    if best < 0:
        return -1, label
    allowed[:] = 0
    for j in range(box_squares.size):
        if labels[box_squares[j]] == best:
            _classify(walls, box_at, dead, offsets, marks, stamp, labels, best, box_squares[j],
                      allowed, True)
    return best_count, label
