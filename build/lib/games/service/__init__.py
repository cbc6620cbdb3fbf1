"""The service layer: the only writer of game state, in the game's own terms.

API views, web pages and Celery tasks call these modules and nothing below them:
- `lobby`: tables and seats before and between the rounds (create, join, bots, start, swaps);
- `play`: moves, the expired turn and bot turns, each in one transaction under the table's lock;
- `presence`: who is still at a real-time table;
- `viewing`: what a viewer is shown (the engine's views plus names, seat states, deadlines);
- `errors`: what a refused request says (a reason code and a sentence, never an HTTP status);
- `clock`: when a turn runs out; `effects`: what is published once a change has committed.
"""
