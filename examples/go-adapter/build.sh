#!/usr/bin/env bash
# Builds the example Go adapter into a cache outside the repository, keyed by a hash of its
# sources, go.mod and go.sum, the Go adapter kit's sources (kits/go) and the Go toolchain. A
# cached binary is reused. The last line printed is the binary's path; the rest goes to stderr.
#
#   examples/go-adapter/build.sh
#
# Cache: $MATCHCONFORM_CACHE/go-adapter, default ${XDG_CACHE_HOME:-$HOME/.cache}/matchconform/go-adapter.
set -euo pipefail
export GOTOOLCHAIN=${GOTOOLCHAIN:-local}
here=$(cd "$(dirname "$0")" && pwd)
kit=$(cd "$here/../../kits/go" && pwd)
say() { echo "go-adapter build: $*" >&2; }
command -v go >/dev/null || { say "Go is not installed (the example needs Go >= $(awk '/^go /{print $2}' "$here/go.mod"))"; exit 1; }

hash=$({
	go version
	for f in $(cd "$here" && ls -- *.go go.mod go.sum | grep -v '_test\.go$' | LC_ALL=C sort); do
		echo "== $f"
		cat -- "$here/$f"
	done
	for f in $(cd "$kit" && find . -name '*.go' ! -name '*_test.go' -o -name go.mod | LC_ALL=C sort); do
		echo "== kits/go/$f"
		cat -- "$kit/$f"
	done
} | sha256sum | cut -c1-16)

cache=${MATCHCONFORM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/matchconform}/go-adapter
dir="$cache/$hash"
bin="$dir/go-adapter"
if [ -x "$bin" ]; then
	say "using the cached build ($dir)"
	echo "$bin"
	exit 0
fi
say "building into $dir (a first build compiles parts of k8s.io/apiserver: a few minutes on 2 cores)"
mkdir -p "$dir"
start=$(date +%s)
tmp="$dir/.go-adapter.$$"
trap 'rm -f "$tmp"' EXIT
(cd "$here" && go build -trimpath -buildvcs=false -o "$tmp" .)
mv -f "$tmp" "$bin"
say "built in $(($(date +%s) - start))s"
for old in "$cache"/*; do
	if [ "$old" != "$dir" ] && [ -d "$old" ]; then rm -rf -- "$old"; fi
done
echo "$bin"
