#!/usr/bin/env bash
# Builds the upstream oracle for one Kubernetes minor into a cache outside the repository, keyed
# by the minor and a hash of the Go sources (the oracle's and the Go adapter kit's in kits/go),
# the minor's go.<minor>.mod and go.<minor>.sum, the build scripts and the Go toolchain. A cached binary is reused. The last line printed is the
# binary's path; everything else goes to standard error.
#
#   oracles/upstream/build.sh 1.37
#
# Cache: $MATCHCONFORM_CACHE/upstream, default ${XDG_CACHE_HOME:-$HOME/.cache}/matchconform/upstream.
set -euo pipefail
export GOTOOLCHAIN=local
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"

say() { echo "upstream-oracle build: $*" >&2; }

minor=${1:-}
if [ $# -ne 1 ] || ! grep -qE "^$(printf '%s' "$minor" | sed 's/\./\\./') " kubernetes-versions.txt; then
	echo "usage: build.sh <minor>   (one of: $(awk '!/^#/ { printf "%s ", $1 }' kubernetes-versions.txt))" >&2
	exit 2
fi
release=$(awk -v m="$minor" '$1 == m { print $2 }' kubernetes-versions.txt)
modfile="go.$minor.mod"
sumfile="go.$minor.sum"
for f in "$modfile" "$sumfile"; do
	[ -f "$f" ] || { say "$f is missing; generate it with oracles/upstream/gen-modfile.sh $minor"; exit 1; }
done
command -v go >/dev/null || { say "Go is not installed (the oracle needs Go >= $(awk '/^go /{print $2}' "$modfile"))"; exit 1; }
tags=$(./tags.sh "$minor")

# The build reads a snapshot of the sources, so that edits during a build cannot mix versions:
# the oracle's in oracles/upstream and the Go adapter kit's in kits/go, the relative path that
# go.<minor>.mod replaces the kit with.
kit="$here/../../kits/go"
[ -f "$kit/go.mod" ] || { say "the Go adapter kit is missing: $kit"; exit 1; }
src=$(mktemp -d "${TMPDIR:-/tmp}/upstream-oracle-src.XXXXXX")
trap 'rm -rf "$src"' EXIT
mkdir -p "$src/oracles/upstream" "$src/kits/go"
cp -- $(ls -- *.go | grep -v '_test\.go$') "$modfile" "$sumfile" build.sh tags.sh kubernetes-versions.txt "$src/oracles/upstream/"
cp -- "$modfile" "$src/oracles/upstream/go.mod" # -modfile still needs a go.mod to find the module root
(cd "$kit" && find . -name '*.go' ! -name '*_test.go' -exec cp --parents -- {} "$src/kits/go/" \;)
cp -- "$kit/go.mod" "$src/kits/go/"

hash=$(cd "$src" && {
	go version
	echo "tags=$tags"
	for f in $(cd oracles/upstream && ls -- *.go | LC_ALL=C sort); do
		echo "== $f"
		cat -- "oracles/upstream/$f"
	done
	for f in "$modfile" "$sumfile" build.sh tags.sh kubernetes-versions.txt; do
		echo "== $f"
		cat -- "oracles/upstream/$f"
	done
	for f in $(cd kits/go && find . -type f | LC_ALL=C sort); do
		echo "== kits/go/$f"
		cat -- "kits/go/$f"
	done
} | sha256sum | cut -c1-16)

cache=${MATCHCONFORM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/matchconform}/upstream
dir="$cache/$minor-$hash"
bin="$dir/upstream-oracle"
if [ -x "$bin" ]; then
	say "using the cached oracle for Kubernetes $release ($dir)"
	echo "$bin"
	exit 0
fi

say "building the oracle for Kubernetes $release (k8s.io/kubernetes $release, staging modules v0.${release#v1.})"
say "  go build -modfile $modfile -tags '$tags' into $dir"
say "  a first build of a minor compiles k8s.io/apiserver and much of k8s.io/kubernetes: 4 to 10 minutes on 2 cores"
mkdir -p "$dir"
start=$(date +%s)
tmp="$dir/.upstream-oracle.$$"
trap 'rm -rf "$src" "$tmp"' EXIT
(cd "$src/oracles/upstream" && go build -modfile "$modfile" -tags "$tags" -trimpath -buildvcs=false -ldflags "-s -w" -o "$tmp" .)
mv -f "$tmp" "$bin"
say "built in $(($(date +%s) - start))s: $(du -h "$bin" | cut -f1)"
for old in "$cache/$minor"-*; do
	if [ "$old" != "$dir" ] && [ -d "$old" ]; then
		say "removing an older build for $minor: $old"
		rm -rf -- "$old"
	fi
done
echo "$bin"
