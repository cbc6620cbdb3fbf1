"""drf-spectacular's settings: the OpenAPI schema's title, tags, enum names and the API docs'
pages (read by wildcards/settings.py)."""

SPECTACULAR = {
    "TITLE": "Wild Cards API",
    "DESCRIPTION": "Tables, seats and moves of the Wild Cards shedding card game.",
    "VERSION": "0.1.0",
    # Every operation has one of these tags (tests/api/test_schema.py).
    "TAGS": [
        {"name": "accounts", "description": "Sign-up, API tokens, your account (a bot account "
                                            "too), your email preferences and your vacation."},
        {"name": "tables", "description": "Setting up a table: create, list, join, invite, "
                                          "seat bots, start."},
        {"name": "seats", "description": "Swapping a seat between a person and a bot."},
        {"name": "play", "description": "The game: its state, moves, the move log, the event "
                                        "stream, your games, standing orders and pausing a "
                                        "table."},
        {"name": "chat", "description": "The table chat: messages, hiding, reports, and the "
                                        "people you mute."},
        {"name": "records", "description": "A finished game's record and its verification."},
        {"name": "players", "description": "Players' profiles, ratings and the leaderboard."},
    ],
    "ENUM_NAME_OVERRIDES": {
        "TableStatusEnum": ["waiting", "playing", "finished"],
        "TableFilterEnum": ["open", "waiting", "playing", "finished"],
        "RoundStatusEnum": ["playing", "won", "blocked", "abandoned"],
        "BotLevelEnum": ["easy", "normal", "hard"],
        "SeatStateEnum": ["playing", "away", "bot", "left"],
        "ActionEnum": "games.rules.moves.ACTIONS",
        "TableModeEnum": "games.api.setting_fields.table_modes",
        "ScoringModeEnum": "games.api.setting_fields.scoring_modes",
    },
    "COMPONENT_SPLIT_REQUEST": True,
    # The API docs: /api/schema/ does not list itself; Swagger UI and Redoc come from
    # drf-spectacular-sidecar's static files, not a CDN, so the pages work offline.
    "SERVE_INCLUDE_SCHEMA": False,
    # 3.1: a field that may be null is `oneOf: [{$ref}, {type: null}]`, which validators read
    # one way (3.0's `nullable` beside `allOf` they do not agree on).
    "OAS_VERSION": "3.1.0",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # No online validator badge (Swagger UI would send the schema to validator.swagger.io).
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "displayOperationId": True,
                            "validatorUrl": None},
}
