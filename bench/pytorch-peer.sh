#!/usr/bin/env bash
# The PyTorch peer run: builds the benchmarks with -Ppytorch-peer (JavaCPP's PyTorch presets from Maven
# Central) and runs the peer benchmarks, with the OpenMP runtime bundled in the presets preloaded, which
# libtorch needs on this machine. Extra arguments go to JMH, e.g.
#   bench/pytorch-peer.sh -p size=1 -rf json -rff perf-out/pytorch.json
# With --size-scaling first, it runs the large ops as n grows instead: ours, their plain Java loops and
# libtorch's (SizeScalingBenchmark and PyTorchSizeScalingPeerBenchmark) side by side in one JMH run, e.g.
#   bench/pytorch-peer.sh --size-scaling -f 1 -wi 3 -i 3 -prof gc -rf json -rff perf-out/size-scaling.json
# MAVEN_ARGS goes to Maven (e.g. MAVEN_ARGS="-o -Dmaven.repo.local=DIR").
set -euo pipefail
cd "$(dirname "$0")/.."
benchmarks='org.jitdispatch.bench.peer.PyTorch(Mm)?PeerBenchmark\.'
if [[ "${1:-}" == "--size-scaling" ]]; then
    shift
    benchmarks='org.jitdispatch.bench.(peer.PyTorchSizeScalingPeer|SizeScaling)Benchmark\.'
fi
# shellcheck disable=SC2086 # MAVEN_ARGS holds several options
mvn -q -B -ntp ${MAVEN_ARGS:-} -Ppytorch-peer -pl bench -am package -DskipTests
jar=bench/target/benchmarks-pytorch.jar
gomp="$(java -cp "$jar" org.jitdispatch.bench.peer.BundledGomp)"
LD_PRELOAD="$gomp" exec java -jar "$jar" "$benchmarks" "$@"
