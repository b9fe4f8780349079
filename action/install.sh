#!/usr/bin/env bash
# Step "install" of action.yml: installs matchconform and writes where it is to GITHUB_OUTPUT
# (root: the package folder; bin: its command, read from package.json so that a package whose
# bin moves keeps working).
#   INPUT_PACKAGE empty:  the action's own checkout (ACTION_PATH), with npm ci (and npm run build
#                         when its command is built, not committed); the version is then the
#                         ref the workflow names in `uses: …/matchconform@<ref>`.
#   INPUT_PACKAGE set:    that npm package spec (matchconform@0.2.0, an absolute tarball path, a
#                         git URL), installed into a folder of its own under RUNNER_TEMP.
set -euo pipefail

if [ -n "${INPUT_PACKAGE:-}" ]; then
  prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/matchconform-package"
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-audit --no-fund --no-save "$INPUT_PACKAGE"
  root="$prefix/node_modules/matchconform"
else
  root="${ACTION_PATH:?ACTION_PATH must name the checkout of the action}"
  (cd "$root" && npm ci --no-audit --no-fund)
fi

bin=$(node -e 'const p = require(process.argv[1] + "/package.json"); console.log(typeof p.bin === "string" ? p.bin : p.bin.matchconform)' "$root")
# A checkout of a package whose command is built (not committed) builds it first.
if [ ! -e "$root/$bin" ] && [ -n "$(cd "$root" && npm pkg get scripts.build | tr -d '{}"')" ]; then
  (cd "$root" && npm run build)
fi
echo "root=$root" >>"$GITHUB_OUTPUT"
echo "bin=$root/$bin" >>"$GITHUB_OUTPUT"
echo "matchconform $(node -p 'require(process.argv[1] + "/package.json").version' "$root") in $root"
