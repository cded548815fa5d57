#!/usr/bin/env bash
# PrairieLearn external grader entrypoint
# (/grade/serverFilesCourse/gametree/run.sh). Grades the student's answer
# file in /grade/student against the question's tests/question.tree (with
# tests/rubric.yaml when present) and writes /grade/results/results.json
# in PrairieLearn's format. Paths default to PrairieLearn's; the
# environment can move them (the tests do):
#   GAMETREE_GRADE  the grading folder   (default /grade)
#   GAMETREE        the gametree command (default gametree)
set -u
GRADE="${GAMETREE_GRADE:-/grade}"
GAMETREE="${GAMETREE:-gametree}"
RESULTS="$GRADE/results"
mkdir -p "$RESULTS"

args=(grade "$GRADE/tests/question.tree" "$GRADE/student" --format prairielearn)
if [ -f "$GRADE/tests/rubric.yaml" ]; then
  args+=(--rubric "$GRADE/tests/rubric.yaml")
fi

# Exit 0 or 1: results.json written (an unreadable answer is
# `gradable: false` with its error, so the student loses no attempt).
"$GAMETREE" "${args[@]}" > "$RESULTS/results.json.tmp" 2> "$RESULTS/gametree.err"
status=$?
if [ "$status" -le 1 ]; then
  mv "$RESULTS/results.json.tmp" "$RESULTS/results.json"
  exit 0
fi

# Exit 2: nothing graded (several answer files, or a broken question).
rm -f "$RESULTS/results.json.tmp"
python3 - "$RESULTS/gametree.err" > "$RESULTS/results.json" <<'PY'
import json, sys
why = open(sys.argv[1], encoding="utf-8", errors="replace").read().strip()
print(json.dumps({
    "gradable": False,
    "score": 0,
    "message": "This submission could not be graded: " + why,
    "format_errors": [why],
    "tests": [],
}, indent=2))
PY
