#!/usr/bin/env bash
# The PyTorch peer run: builds the benchmarks with -Ppytorch-peer (JavaCPP's PyTorch presets from Maven
# Central) and runs the peer benchmarks, with the OpenMP runtime bundled in the presets preloaded, which
# libtorch needs on this machine. Extra arguments go to JMH, e.g.
#   bench/pytorch-peer.sh -p size=1 -rf json -rff perf-out/pytorch.json
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B -ntp -Ppytorch-peer -pl bench -am package -DskipTests
jar=bench/target/benchmarks-pytorch.jar
gomp="$(java -cp "$jar" org.jitdispatch.bench.peer.BundledGomp)"
LD_PRELOAD="$gomp" exec java -jar "$jar" 'org.jitdispatch.bench.peer.PyTorch.*' "$@"
