#!/usr/bin/env bash
# Gradescope autograder setup: runs once, as root, when Gradescope builds
# the autograder image from the zip (setup.sh, run_autograder,
# question.tree, rubric.yaml and either a Linux gametree binary in bin/ or
# the gametree source tree in gametree/).
set -euo pipefail
SOURCE="${GAMETREE_AUTOGRADER:-/autograder}/source"

if [ -x "$SOURCE/bin/gametree" ]; then
  install -m 755 "$SOURCE/bin/gametree" /usr/local/bin/gametree
else
  apt-get install -y curl build-essential python3
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
  "$HOME/.cargo/bin/cargo" install --locked --path "$SOURCE/gametree" --root /usr/local
fi
gametree --version
