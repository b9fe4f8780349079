#!/usr/bin/env bash
# Builds kube-apiserver and etcd for one Kubernetes version from the Go module proxy, into a
# cache outside the repository keyed by version; reuses a finished build. Prints what it does and,
# on its last line, the directory holding kube-apiserver and etcd.
#   oracles/apiserver/build/build.sh 1.37        (the latest patch the proxy serves)
#   oracles/apiserver/build/build.sh v1.37.2
set -euo pipefail
export GOTOOLCHAIN=local GOFLAGS=-mod=mod CGO_ENABLED=0

want="${1:?usage: build.sh <1.N | v1.N.P>}"
if [[ "$want" =~ ^1\.[0-9]+$ ]]; then
  version=$(go list -m -versions k8s.io/kubernetes | tr ' ' '\n' | grep -E "^v${want//./\\.}\.[0-9]+$" | sort -V | tail -1)
  [ -n "$version" ] || { echo "build.sh: the Go module proxy serves no k8s.io/kubernetes v$want.x" >&2; exit 2; }
else
  version="$want"
fi
minor=$(echo "$version" | sed -E 's/^v1\.([0-9]+)\..*/\1/')
patch=$(echo "$version" | sed -E 's/^v1\.[0-9]+\.([0-9]+).*/\1/')
staging="v0.$minor.$patch"
cache="${MATCHCONFORM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/matchconform}/kube/$version"
if [ -x "$cache/bin/kube-apiserver" ] && [ -x "$cache/bin/etcd" ]; then
  echo "build.sh: kube-apiserver and etcd $version are already built in $cache/bin" >&2
  echo "$cache/bin"
  exit 0
fi
mkdir -p "$cache/src" "$cache/bin"
cd "$cache/src"

echo "build.sh: reading the go.mod of k8s.io/kubernetes $version" >&2
upstream=$(go mod download -json "k8s.io/kubernetes@$version" | sed -n 's/.*"GoMod": "\(.*\)".*/\1/p')
goline=$(sed -n 's/^go \([0-9.]*\)$/\1/p' "$upstream" | head -1)
godebug=$(sed -n 's/^godebug \(.*\)$/\1/p' "$upstream" | head -1)
etcd=$(grep -E '^\s+go\.etcd\.io/etcd/client/v3 ' "$upstream" | awk '{print $2}' | head -1)

# Every "=> ./staging/src/k8s.io/X" of upstream becomes "=> k8s.io/X v0.N.P": the staging modules
# are published at that version, and a dependency's own replaces do not apply to us.
{
  echo "module matchconform.invalid/kubebins"
  echo
  echo "go $goline"
  [ -n "$godebug" ] && echo "godebug $godebug"
  echo
  echo "require ("
  echo "	k8s.io/kubernetes $version"
  echo "	go.etcd.io/etcd/server/v3 $etcd"
  echo ")"
  echo
  echo "replace ("
  grep -E '=> \./staging/src/k8s\.io/' "$upstream" | awk -v v="$staging" '{ for (i = 1; i <= NF; i++) if ($i ~ /^k8s\.io\//) { print "\t" $i " => " $i " " v; break } }'
  echo ")"
} > go.mod
echo "build.sh: wrapper module with $(grep -c '=> k8s.io/' go.mod) staging replaces, etcd $etcd, go $goline" >&2

ldflags="-s -w -X k8s.io/component-base/version.gitVersion=$version -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=$minor -X k8s.io/component-base/version.gitTreeState=clean"
start=$(date +%s)
echo "build.sh: building kube-apiserver $version (a cold build takes 10 to 20 minutes on 2 cores)" >&2
go build -trimpath -ldflags "$ldflags" -o "$cache/bin/kube-apiserver.partial" k8s.io/kubernetes/cmd/kube-apiserver
mv "$cache/bin/kube-apiserver.partial" "$cache/bin/kube-apiserver"
echo "build.sh: kube-apiserver built in $(( $(date +%s) - start )) s; building etcd $etcd" >&2
start=$(date +%s)
go build -trimpath -ldflags "-s -w" -o "$cache/bin/etcd.partial" go.etcd.io/etcd/server/v3
mv "$cache/bin/etcd.partial" "$cache/bin/etcd"
echo "build.sh: etcd built in $(( $(date +%s) - start )) s" >&2
echo "$cache/bin"
