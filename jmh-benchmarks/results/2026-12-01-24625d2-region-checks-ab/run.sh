#!/bin/bash
# A/B after the IT run: new agent (annotation default) vs old agent, OO1Hot traversal and OO1Barrier updateTraversal; Java beside
cd /work/main
B=jmh-benchmarks/target/benchmarks.jar
OLD="-javaagent:/tmp/oldtree/agent/target/swizzle-agent-0.1.0-SNAPSHOT.jar"
for round in 1 2; do
  java -jar $B 'oo1.OO1Hot.(Java|Swizzle)\.traversal$|oo1.OO1Barrier.(Java|Swizzle)\.updateTraversal$' -p parts=20000 -f 3 -rf json -rff /tmp/prof/ab3-new-$round.json > /tmp/prof/ab3-new-$round.log 2>&1
  java -jar $B 'oo1.OO1Hot.Swizzle\.traversal$|oo1.OO1Barrier.Swizzle\.updateTraversal$' -p parts=20000 -f 3 -jvmArgsAppend "$OLD" -rf json -rff /tmp/prof/ab3-old-$round.json > /tmp/prof/ab3-old-$round.log 2>&1
done
echo done > /tmp/prof/ab3.done
