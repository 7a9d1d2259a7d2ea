#!/usr/bin/env bash
# The commit of an OO1 update traversal (p = 0.05 and p = 1) under every update-detection scheme, the default (remset) first.
# Run from the repository root after `mvn -B -q install -DskipTests`.
set -euo pipefail
cd "$(dirname "$0")/.."
agent=agent/target/swizzle-agent-0.1.0-SNAPSHOT.jar
for scheme in barrier=remset barrier=card barrier=card,card=16 barrier=card,card=4096 barrier=object barrier=none; do
    java -javaagent:"$agent=$scheme" -cp jmh-benchmarks/target/benchmarks.jar org.swizzle.benchmarks.CommitPhases
done
