#!/usr/bin/env bash
# `npm run lint` after `next typegen`: the type check, ESLint, Prettier and the cycle check side by side. Each is one
# core's work; one after the other they took 107 s on 2 cores (tsc 41, ESLint 38, Prettier 21, dependency-cruiser 7).
# Each one's output is printed whole when all have ended, in this order; the exit status is non-zero if any failed,
# and the failing ones are named.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"

names=(types eslint prettier cycles)
commands=(
  'tsc --noEmit'
  'eslint . --max-warnings 0'
  'prettier --check .'
  'npm run --silent cycles'
)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

pids=()
for i in "${!names[@]}"; do
  bash -c "${commands[$i]}" >"$out/$i" 2>&1 &
  pids+=($!)
done
failed=()
for i in "${!names[@]}"; do
  wait "${pids[$i]}" || failed+=("${names[$i]} (${commands[$i]%% *})")
done
for i in "${!names[@]}"; do
  echo "> ${commands[$i]}"
  cat "$out/$i"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "lint: failed: ${failed[*]}"
  exit 1
fi
echo 'lint: types, ESLint, Prettier and import cycles all clean'
