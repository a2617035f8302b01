"""The parts a search may use beside its ordering: the prunings, the macros, the plan."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pruning:
    """The prunings, macros and packing plan a search may use; all of them by default."""

    pi_corrals: bool = True  # PI-corral pruning (sokosolve.kernels.corrals)
    dead_corrals: bool = True  # the corral deadlock test (sokosolve.kernels.corral_deadlocks)
    frozen_goals: bool = True  # bounds that see boxes frozen on goals (kernels.frozen_goals)
    goal_macros: bool = True  # goal-room macros (sokosolve.analysis.packing), forward only
    packing_plan: bool = True  # the feature space counts packing by sokosolve.analysis.packing_plan
