"""Ratings: each person's OpenSkill (Plackett–Luce) rating, their result in every finished game,
the player profiles and the leaderboard.

This app knows nothing of games: the service layer of `games` tells it, in the transaction that
ends a game, who took which place (`record.record_game`), and it knows a game only by its
table's id.
"""
