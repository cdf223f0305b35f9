#!/usr/bin/env bash
# The inlining gate on a JMH project that is not jitdispatch: builds this example's benchmarks.jar (when
# missing or older than its sources) and runs `jitdispatch inline-check --quick` on it. Passes (exit 0) only
# when the claim that holds (GateBenchmark.smallCall: Adder.add inlined) is verified and the negative control
# (GateBenchmark.bigCall: Mixer.mix, declared @InlineChain(inlined = false)) is reported as not inlined.
# Extra arguments go to inline-check (--jvm PATH, --jvm-args ARGS, --no-profile, ...).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
jar=examples/inline-gate/target/benchmarks.jar
if [[ ! -f "$jar" || -n "$(find examples/inline-gate/pom.xml examples/inline-gate/src perf-reports/inline-chain/src \
    -newer "$jar" -type f -print -quit)" ]]; then
  echo "inline-gate: building $jar (mvn -q -B -DskipTests -pl examples/inline-gate -am package)" >&2
  mvn -q -B -DskipTests -pl examples/inline-gate -am package >&2
fi
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
./jitdispatch inline-check --bench-jar "$jar" --quick --out perf-out/inline-gate "$@" | tee "$log" || status=$?
if [[ $status -ne 0 ]]; then
  echo "inline-gate: inline-check failed (exit $status)" >&2
  exit "$status"
fi
# exit 0 already means both claims came out as declared; these make sure both were checked at all
grep -q '^INLINED *GateBenchmark\.smallCall ' "$log" \
  || { echo "inline-gate: the holding claim (smallCall) was not verified" >&2; exit 1; }
grep -q '^NOT INLINED *GateBenchmark\.bigCall: .*(negative control: not inlined, as declared)' "$log" \
  || { echo "inline-gate: the negative control (bigCall) was not reported as not inlined" >&2; exit 1; }
echo "inline-gate: passed (smallCall inlined, the negative control bigCall not inlined)"
