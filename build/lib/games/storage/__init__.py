"""Storage: the only code that reads and writes game rows.

`state` maps rows to the engine's `GameState` and back (the one place that knows both);
`reads` loads a table for a change or a view; `writes` owns every write, a move's whole write in
one function (`save_move`); `sql` holds the statements written by hand for the hot paths, with
the plain ORM behind a switch (`WILDCARDS_STORAGE_SQL`).
"""
