"""Small statistics for simulations and the arena: mean with a 95% confidence interval."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959964


def mean_ci95(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation).

    >>> mean_ci95([1, 2, 3, 4])
    (2.5, 1.2652)
    """
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return round(mean, 4), round(Z95 * math.sqrt(variance / n), 4)
