#!/usr/bin/env bash
# Replays docs/api.md's walkthrough, sections 3.1 to 3.20, request by request, and prints each
# command with the server's answer, to recapture the answers shown there.
#
#   scripts/capture_walkthrough.sh [API] > capture.log      (API: http://127.0.0.1:8123/api)
#
# Start the server first exactly as "Running a server for the walkthrough" says, on a freshly
# created database: the answers (ids, versions, the bots' moves) are those of a fresh one. The
# script signs Ana up as section 2 does, then runs the commands of section 3 in a temporary
# directory. table.json, pass-table.json and next_move.py are taken from docs/api.md itself, so
# a change there (a deck, the seed) is what gets replayed. Between a move and the next read it
# waits until the bots have moved (they move just after the answer has gone out), which the page
# leaves to the reader. The expected versions are the page's: when a change of the rules or of
# the bots alters the story, the first refused move shows where.
set -euo pipefail

API=${1:-http://127.0.0.1:8123/api}
DOC=$(cd "$(dirname "$0")/.." && pwd)/docs/api.md
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

# The first fenced block of the given language after the line starting with $1.
block_after() {
  python3 - "$DOC" "$1" "$2" <<'EOF'
import sys
text, start, lang = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3]
rest = text[text.index("\n" + start) + 1:]
rest = rest[rest.index("```" + lang + "\n") + len(lang) + 4:]
print(rest[:rest.index("\n```")])
EOF
}
block_after "Ana's table plays 7-0" json > table.json
block_after '`pass-table.json`' json > pass-table.json
block_after 'as `next_move.py`' python > next_move.py

json_field() { python3 -c 'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }
n=0
run() { n=$((n + 1)); printf '#### %d $ %s\n' "$n" "$1"; eval "$1"; echo; }
settle() {  # settle TABLE: wait until the table's version stays put (the bots are done)
  local previous= version
  while :; do
    version=$(curl -s -H "Authorization: Token $ANA" "$API/tables/$1/state" | json_field version)
    [ "$version" = "$previous" ] && return
    previous=$version
    sleep 0.7
  done
}

# Section 2: Ana's account and her token for the rest of the walkthrough.
curl -s -X POST "$API/accounts" -H 'Content-Type: application/json' \
     -d '{"username": "ana", "email": "ana@example.com", "password": "correct-horse-7"}' > /dev/null
ANA=$(curl -s -X POST "$API/auth/token" -H 'Content-Type: application/json' \
           -d '{"username": "ana", "password": "correct-horse-7"}' | json_field token)
echo "ANA=$ANA"
ana() { curl -s -H "Authorization: Token $ANA" -H 'Content-Type: application/json' "$@"; echo; }

# 3.1
run "curl -s -X POST \$API/accounts -H 'Content-Type: application/json' -d '{\"username\": \"ben\", \"email\": \"ben@example.com\", \"password\": \"battery-staple-9\"}' | tee ben.json"
run "curl -s -X POST \$API/accounts -H 'Content-Type: application/json' -d '{\"username\": \"cleo\", \"email\": \"cleo@example.com\", \"password\": \"purple-otter-3\"}' | tee cleo.json"
BEN=$(json_field token < ben.json)
CLEO=$(json_field token < cleo.json)
ben()  { curl -s -H "Authorization: Token $BEN"  -H 'Content-Type: application/json' "$@"; echo; }
cleo() { curl -s -H "Authorization: Token $CLEO" -H 'Content-Type: application/json' "$@"; echo; }
# 3.2, 3.3
run 'ana -X POST $API/tables -d @table.json | tee table-answer.json'
T=$(json_field id < table-answer.json)
INVITE=$(json_field invite < table-answer.json)
run 'ben "$API/tables?status=open"'
run "ben -X POST \$API/tables/\$T/join -d '{\"invite\": \"WRONG\"}'"
run 'ben -X POST $API/tables/$T/join -d "{\"invite\": \"$INVITE\"}"'
# 3.4, 3.5, 3.6
run "ben -X POST \$API/tables/\$T/bots -d '{\"level\": \"hard\"}'"
run "ana -X POST \$API/tables/\$T/bots -d '{\"level\": \"normal\"}'"
run "ana -X POST \$API/tables/\$T/bots -d '{\"level\": \"easy\"}'"
run "ana -X POST \$API/tables/\$T/bots -d '{}'"
run 'ana -X POST $API/tables/$T/start'
run 'ana -X POST $API/tables/$T/start'
run 'ben $API/tables/$T/state'
# 3.7
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"draw\", \"card\": \"wild-draw4\"}'"
run "ben -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"wave-4\"}'"
run "ben -X POST \$API/tables/\$T/moves -d '{\"action\": \"choose\", \"color\": \"blue\", \"expected_version\": 5}'"
run "ben -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"wave-4\", \"expected_version\": 6}'"
settle "$T"
# 3.8, with 3.6's two polling requests
run 'ana $API/tables/$T/state'
run "curl -s -o /dev/null -w '%{http_code}\n' -H \"Authorization: Token \$ANA\" \"\$API/tables/\$T/state?since=9\""
run "curl -s -o /dev/null -w '%{http_code}\n' -H \"Authorization: Token \$ANA\" \"\$API/tables/\$T/state?since=8\""
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"flame-2\", \"expected_version\": 9}'"
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"draw\", \"expected_version\": 9}'"
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"sun-8\", \"expected_version\": 8}'"
run "ana -X POST \$API/tables/\$T/moves -H 'Idempotency-Key: 6f1d2c3e-ana-1' -d '{\"action\": \"play\", \"card\": \"sun-8\", \"expected_version\": 9}'"
run "ana -X POST \$API/tables/\$T/moves -H 'Idempotency-Key: 6f1d2c3e-ana-1' -d '{\"action\": \"play\", \"card\": \"sun-8\", \"expected_version\": 9}'"
run "ana -X POST \$API/tables/\$T/moves -H 'Idempotency-Key: 6f1d2c3e-ana-1' -d '{\"action\": \"draw\", \"expected_version\": 9}'"
# 3.9
run "ben -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"sun-5\", \"expected_version\": 10}'"
settle "$T"
run 'ben $API/tables/$T/state'
run "ben -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"leaf-8\", \"expected_version\": 13}'"
settle "$T"
# 3.10
run 'ana $API/tables/$T/state'
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"wild\", \"expected_version\": 16}'"
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"wild\", \"color\": \"red\", \"expected_version\": 16}'"
# 3.11
run "ben -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"flame-3\", \"expected_version\": 17}'"
settle "$T"
run 'ana $API/tables/$T/state'
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"draw\", \"expected_version\": 20}'"
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"flame-2\", \"expected_version\": 21}'"
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"wave-2\", \"expected_version\": 21}'"
# 3.12
run "ben -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"wave-3\", \"expected_version\": 22}'"
settle "$T"
run 'ana $API/tables/$T/state'
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"sun-reverse\", \"expected_version\": 25}'"
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"take\", \"expected_version\": 25}'"
# 3.13, 3.14
run 'ben -X POST $API/tables/$T/concede'
settle "$T"
run 'ana $API/tables/$T/state'
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"flame-7\", \"expected_version\": 30}'"
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"play\", \"card\": \"flame-7\", \"target\": 2, \"expected_version\": 30}'"
settle "$T"
# 3.15
run 'ana "$API/tables/$T/moves?after=20"'
run 'ben "$API/tables/$T/moves?after=20"'
# 3.16: the page's play_on, as it stands there
eval "$(block_after 'And this shell function' sh)"
run 'play_on $T $ANA 2>&1'
settle "$T"
run 'ana "$API/tables/$T/moves?after=30"'
# 3.17
run 'ana $API/tables/$T/state'
run "ana -X POST \$API/tables/\$T/moves -d '{\"action\": \"draw\"}'"
# 3.18
run 'ben -X POST $API/tables -d @pass-table.json | tee pass-answer.json'
P=$(json_field id < pass-answer.json)
PASS_INVITE=$(json_field invite < pass-answer.json)
run "ben -X POST \$API/tables/\$P/bots -d '{\"level\": \"easy\"}'"
run 'ana -X POST $API/tables/$P/join -d "{\"invite\": \"$PASS_INVITE\"}"'
run "for i in 1 2 3 4 5; do ben -X POST \$API/tables/\$P/bots -d '{\"level\": \"easy\"}' > /dev/null; done"
run 'ben -X POST $API/tables/$P/start > /dev/null'
settle "$P"
run 'ana $API/tables/$P/state'
run 'ana "$API/tables/$P/moves?after=0"'
run "ana -X POST \$API/tables/\$P/moves -d '{\"action\": \"pass\", \"expected_version\": 10}'"
settle "$P"
# 3.19
run 'ana $API/games'
run 'ana "$API/games?limit=1"'
run 'ana "$(ana "$API/games?limit=1" | python3 -c '"'"'import json, sys; print(json.load(sys.stdin)["next"])'"'"')"'
# 3.20
run 'cleo $API/tables/$T/state'
run "ana -X POST \$API/tables -d '{\"players\": 2, \"spectators\": true}' | tee spectators-answer.json"
S=$(json_field id < spectators-answer.json)
run "ana -X POST \$API/tables/\$S/bots -d '{}'; ana -X POST \$API/tables/\$S/start"
settle "$S"
run "cleo \$API/tables/\$S/state | python3 -c 'import json,sys; print(sorted(json.load(sys.stdin)))'"
run "cleo -X POST \$API/tables/\$S/moves -d '{\"action\": \"draw\"}'"
