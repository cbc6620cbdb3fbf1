# The game's models (Table, Seat, Round, Hand, DiscardEntry, Move) come with the API issue;
# the rules they persist live in games/rules/, which imports nothing from Django.
