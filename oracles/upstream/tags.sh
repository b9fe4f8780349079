#!/usr/bin/env bash
# Prints the Go build tags for one Kubernetes minor: before1.M for every minor M listed in
# kubernetes-versions.txt above it. Files for APIs that changed in 1.M carry "before1.M" or
# "!before1.M"; the newest minor builds with no tags at all.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
awk -v n="${1#1.}" '!/^#/ { split($1, v, "."); if (v[2] + 0 > n + 0) printf "%sbefore%s", (t++ ? "," : ""), $1 } END { print "" }' "$here/kubernetes-versions.txt"
