"""The rating model: OpenSkill's Plackett–Luce model (the `openskill` library) for free-for-all
games of 2 to 10 players, with its defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300).

Each person is their own team of one; the game's ranking is the order (a lower rank is better,
equal ranks are a tie). The shown rating is the library's ordinal, a cautious estimate three
uncertainties below the estimate, put on a friendlier scale:

    display = round(1000 + 40 × (mu − 3 × sigma))

so a newcomer (mu 25, sigma 25/3) shows 1000, and the rating of someone who keeps playing as
well as before still rises a little while their uncertainty shrinks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
DISPLAY_BASE = 1000
DISPLAY_SCALE = 40
Z = 3  # uncertainties below the estimate


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def display(self) -> int:
        rating = MODEL.rating(mu=self.mu, sigma=self.sigma)
        return round(rating.ordinal(z=Z, alpha=DISPLAY_SCALE, target=DISPLAY_BASE))


def newcomer() -> Skill:
    rating = MODEL.rating()
    return Skill(rating.mu, rating.sigma)


def after_game(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Everyone's skill after a free-for-all game in which `skills[i]` took place `ranks[i]`
    (1 is first; equal ranks tie)."""
    if len(skills) != len(ranks) or len(skills) < 2:
        raise ValueError("a rated game has two players or more, each with a rank")
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in skills]
    rated = MODEL.rate(teams, ranks=list(ranks))
    return [Skill(team[0].mu, team[0].sigma) for team in rated]
