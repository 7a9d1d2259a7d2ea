#!/usr/bin/env bash
# Runs the Swizzle benchmarks and writes JMH JSON plus a generated REPORT.md and PNG charts.
#
#   jmh-benchmarks/run.sh smoke   every benchmark and fork once: 1 fork, 1 iteration, 2,000 parts (CI; about 4 min);
#                                 Moss's load-work-save sessions on 6 trees of height 12-16 for Java, Swizzle
#                                 and SwizzleNone, on one tree for the other schemes; the commit sweep at 1,000
#                                 and 10,000 resident objects; OO7's build, cold T1, hot T1, read-only T1 + commit
#                                 and T2b + commit (T6, Q1, Q7, T2a and T2c in quick and full); one collection
#                                 of garbage (10,000 objects kept); the large collections at 10,000 entries
#                                 (1,000,000 in quick and full), TreeMap and LinkedList too
#                                 -> jmh-benchmarks/target/smoke/ ; exits non-zero if any benchmark fails
#   jmh-benchmarks/run.sh quick   short iterations, the main parameter values (10 to 15 minutes on 2 cores)
#                                 -> jmh-benchmarks/results/<yyyy-MM-dd>-<commit>-quick/
#   jmh-benchmarks/run.sh full    every parameter value, more iterations and forks, the 200,000-part
#                                 database for lookup and traversal, the commit sweep up to 1,000,000
#                                 resident objects, OO1 hot, OO7 hot and updates in 3 forks, OO7 T1 with 6 and 9
#                                 connections per part too (about 66 minutes on 2 cores, estimated)
#                                 -> jmh-benchmarks/results/<yyyy-MM-dd>-<commit>/
#
# In quick and full mode the swizzling and faulting schemes (SwizzleEdge, None, Eager, Entry, Segment,
# Cluster) run only where the papers compare them: hot traversal (Hosking & Moss Table 4, White & DeWitt
# Table 3), warm and cold traversal (White & DeWitt Tables 1-2), lookup too for the fault units (Hosking
# & Moss Tables 2-3); in the load-work-save sessions SwizzleNone (Moss's NS) and SwizzleEager (his eager
# swizzling).
#
# Build first, from the repository root: mvn -B -q install -DskipTests
# Extra arguments after the mode go to every JMH invocation (e.g. -jvmArgsAppend -Xmx4g).
set -euo pipefail

mode=${1:-quick}
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
jar=jmh-benchmarks/target/benchmarks.jar
agent=agent/target/swizzle-agent-0.1.0-SNAPSHOT.jar
for f in "$jar" "$agent"; do
    if [[ ! -f $f ]]; then
        echo "run.sh: $f is missing; build first: mvn -B -q install -DskipTests" >&2
        exit 2
    fi
done

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=""
if [[ -n $(git status --porcelain 2>/dev/null | grep -v '^?? jmh-benchmarks/results/' | head -1) ]]; then
    dirty=" with uncommitted changes"
fi
day=$(date -u +%Y-%m-%d)
case $mode in
    smoke) out=jmh-benchmarks/target/smoke ;;
    quick) out=jmh-benchmarks/results/$day-$commit-quick ;;
    full) out=jmh-benchmarks/results/$day-$commit ;;
    *) echo "usage: $0 [smoke|quick|full] [extra JMH arguments]" >&2; exit 2 ;;
esac
rm -rf "$out"
mkdir -p "$out"
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
start_seconds=$SECONDS
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
echo "run.sh: $mode mode, commit $commit$dirty, load $load -> $out"

failed=0
# jmh NAME ARGS...: one JMH invocation, JSON to $out/NAME.json, full log to $out/NAME.log
jmh() {
    local name=$1
    shift
    echo "== $name: $*"
    set +e
    java -jar "$jar" "$@" -foe true -rf json -rff "$out/$name.json" "${extra[@]}" > "$out/$name.log" 2>&1
    local rc=$?
    set -e
    grep -E '^(Benchmark  |[A-Z][A-Za-z0-9]*\.[A-Za-z0-9.]+ )' "$out/$name.log" | grep -v ':' || true
    if [[ $rc -ne 0 ]] || grep -q '<failure>' "$out/$name.log"; then
        echo "run.sh: $name FAILED (exit $rc); see $out/$name.log:" >&2
        grep -E -A12 '<failure>|Exception|Error:' "$out/$name.log" | head -40 >&2 || true
        failed=1
    fi
}
extra=("$@")

prepare() {
    # the Chronicle Map peer's database needs its JDK flags, as its forks do (Swizzle's agent opens nothing)
    java -javaagent:"$agent" @jmh-benchmarks/chronicle-map.jvmargs -cp "$jar" org.swizzle.benchmarks.oo1.PrepareDatabases "$@" \
        > "$out/prepare.log" 2>&1 || {
        echo "run.sh: building the OO1 databases failed; see $out/prepare.log" >&2
        cat "$out/prepare.log" >&2
        exit 1
    }
}

# sweep R,R,... JMH-ARGS...: builds the commit sweep's stores of R resident objects, then runs CommitSweep at those R
sweep() {
    local sizes=$1
    shift
    java -javaagent:"$agent" -cp "$jar" org.swizzle.benchmarks.commit.SweepStores ${sizes//,/ } \
        > "$out/prepare-sweep.log" 2>&1 || {
        echo "run.sh: building the commit sweep's stores failed; see $out/prepare-sweep.log" >&2
        cat "$out/prepare-sweep.log" >&2
        exit 1
    }
    jmh commit-sweep 'commit\.CommitSweep\.' -p resident="$sizes" "$@"
}

# the OO7 master databases: Swizzle's written with the agent, EclipseStore's without it (the same model classes)
prepare_oo7() {
    {
        java -javaagent:"$agent" -cp "$jar" org.swizzle.benchmarks.oo7.PrepareOO7 "$@" &&
            java -cp "$jar" org.swizzle.benchmarks.oo7.PrepareOO7 "$@"
    } > "$out/prepare-oo7.log" 2>&1 || {
        echo "run.sh: building the OO7 databases failed; see $out/prepare-oo7.log" >&2
        cat "$out/prepare-oo7.log" >&2
        exit 1
    }
}

# what quick and full leave out of the swizzling and faulting schemes (JMH -e regexps): hot, all but the
# traversal; warm and cold, lookup and reverse of edge, none and eager, reverse of the fault units, entry
not_hot='\.Swizzle(Card|Edge|None|Eager|Entry|Segment|Cluster)\.(lookup|reverse)$'
not_warm='\.Swizzle(Edge|None|Eager)\.(lookup|reverse)$|\.Swizzle(Segment|Cluster)\.reverse$|\.SwizzleEntry\.'

case $mode in
    smoke)
        prepare 2000
        jmh smoke 'oo1\.' -f 1 -wi 0 -i 1 -w 100ms -r 100ms -p parts=2000 -p p=1 -p traversals=10
        jmh lws 'lws\.LwsSession\.(Java|Swizzle|SwizzleNone)\.' -f 1 -wi 1 -i 1 \
            -p collection=VH12,VH14,VS13,VB84,SI34,SI144
        jmh lws-schemes 'lws\.LwsSession\.Swizzle(Eager|Edge|Card|NoBarrier)\.' -f 1 -wi 1 -i 1 -p collection=VH12
        jmh collections 'collections\.' -f 1 -wi 0 -i 1 -w 100ms -r 100ms -p parts=2000
        sweep 1000,10000 -f 1 -wi 0 -i 1 -w 100ms -r 100ms
        prepare_oo7 3
        jmh oo7 'oo7\.' -f 1 -wi 0 -i 1 -w 100ms -r 100ms -e 'OO7Hot\..*\.(t6|q1|q7)$|OO7Update\..*\.t2[ac]Commit$'
        jmh reclaim 'reclaim\.' -f 1 -wi 0 -i 1 -p live=10000
        jmh large 'large\.' -f 1 -wi 0 -i 1 -w 100ms -r 100ms -p entries=10000 -p samples=10000
        ;;
    quick)
        prepare 20000
        short=(-f 1 -wi 2 -w 500ms -i 3 -r 500ms)
        jmh hot 'oo1\.OO1Hot\.' "${short[@]}" -e "$not_hot"
        jmh barrier 'oo1\.OO1Barrier\.' "${short[@]}"
        jmh update 'oo1\.OO1Update\.' "${short[@]}" -p p=0.05,1
        jmh slope 'oo1\.OO1Slope\.' "${short[@]}" -p traversals=1,1000 -p p=0,1
        jmh raw-io 'oo1\.RawLogWrite\.' "${short[@]}" -p p=0.05,1
        jmh warm 'oo1\.OO1Warm\.' -f 1 -wi 1 -i 10 -e "$not_warm"
        jmh cold 'oo1\.OO1Cold\.' -f 1 -wi 0 -i 3 -e "$not_warm"
        jmh insert 'oo1\.OO1Insert\.' -f 1 -wi 5 -i 10
        jmh collections 'collections\.' "${short[@]}"
        sweep 1000,10000,100000 "${short[@]}"
        jmh lws 'lws\.LwsSession\.(Java|Swizzle|SwizzleNone|SwizzleEager)\.' -f 1 -wi 1 -i 2 \
            -p collection=VH12,VH14,VS8,VS34,VB52,VB220,SI34,SI144
        prepare_oo7 3
        jmh oo7-build 'oo7\.OO7BuildCommit\.' -f 1 -wi 5 -i 10
        jmh oo7-cold 'oo7\.OO7Cold\.' -f 1 -wi 0 -i 3
        jmh oo7 'oo7\.OO7(Hot|Update)\.' "${short[@]}"
        jmh reclaim 'reclaim\.' -f 1 -wi 1 -i 5
        jmh large 'large\.' "${short[@]}"
        ;;
    full)
        prepare 20000 200000
        long=(-f 1 -wi 3 -w 1s -i 5 -r 1s)
        large='\.(Java|Swizzle|H2|EclipseStore|ChronicleMap)\.(lookup|traversal)$'
        jmh hot 'oo1\.OO1Hot\.' -f 3 -wi 3 -w 1s -i 5 -r 1s -e "$not_hot"
        jmh hot-large "oo1\.OO1Hot$large" -f 3 -wi 3 -w 1s -i 5 -r 1s -p parts=200000
        jmh barrier 'oo1\.OO1Barrier\.' "${long[@]}"
        jmh update 'oo1\.OO1Update\.' "${long[@]}"
        jmh slope 'oo1\.OO1Slope\.' "${long[@]}"
        jmh raw-io 'oo1\.RawLogWrite\.' "${long[@]}"
        jmh warm 'oo1\.OO1Warm\.' -f 2 -wi 2 -i 15 -e "$not_warm"
        jmh warm-large "oo1\.OO1Warm$large" -f 1 -wi 1 -i 10 -p parts=200000
        jmh small-heap 'oo1\.OO1Warm\.SwizzleSmallHeap\.(lookup|traversal)$' -f 1 -wi 1 -i 10 -p parts=200000
        jmh cold 'oo1\.OO1Cold\.' -f 3 -wi 0 -i 4 -e "$not_warm"
        jmh cold-large "oo1\.OO1Cold$large" -f 2 -wi 0 -i 2 -p parts=200000
        jmh insert 'oo1\.OO1Insert\.' -f 1 -wi 10 -i 20
        jmh collections 'collections\.' -f 3 -wi 3 -w 1s -i 5 -r 1s
        sweep 1000,10000,100000,1000000 -f 3 -wi 2 -w 1s -i 4 -r 1s
        jmh lws 'lws\.LwsSession\.(Java|Swizzle|SwizzleCard|SwizzleNoBarrier|SwizzleNone|SwizzleEager)\.' \
            -f 1 -wi 2 -i 4 \
            -p collection=VH12,VH14,VH16,VH18,VS3,VS8,VS34,VS89,VB12,VB52,VB220,SI34,SI144,VN14,BI220,II55
        prepare_oo7 3 6 9
        oo7_hot=(-f 3 -wi 3 -w 500ms -i 5 -r 500ms)
        # T1's iterations still fall from about 9 ms to 2 ms, in every system, after 3 of 500 ms: 8 s of warm-up
        t1_hot=(-f 3 -wi 8 -w 1s -i 5 -r 1s)
        # A build's commit runs about 10 shots in the interpreter and C1 (950, 330, 210 ms, ... 75 ms from the 9th):
        # 15 shots of warm-up, so that the ratio to a raw write describes the commit, not its compilation
        jmh oo7-build 'oo7\.OO7BuildCommit\.' -f 3 -wi 15 -i 10
        jmh oo7-cold 'oo7\.OO7Cold\.' -f 3 -wi 0 -i 4
        jmh oo7 'oo7\.OO7(Hot|Update)\.' "${oo7_hot[@]}" -e 'OO7Hot\..*\.t1$'
        jmh oo7-t1 'oo7\.OO7Hot\..*\.t1$' "${t1_hot[@]}"
        jmh oo7-connections 'oo7\.OO7Hot\..*\.t1$' "${t1_hot[@]}" -p connections=6,9
        jmh reclaim 'reclaim\.' -f 3 -wi 1 -i 5
        jmh large 'large\.' -f 3 -wi 2 -w 1s -i 5 -r 1s
        ;;
esac

duration=$((SECONDS - start_seconds))
cat > "$out/run.properties" <<PROPS
mode=$mode
commit=$commit$dirty
started=$started
duration=$((duration / 60)) min $((duration % 60)) s
load=$load (1, 5, 15 min) on $(nproc) cores
jmh=$(grep -h -m1 '^# VM version' "$out"/*.log 2>/dev/null | head -1 | sed 's/^# //')
PROPS
if [[ $mode == quick || $mode == smoke ]]; then
    echo "note=$mode mode: few iterations and one fork per system; figures are indications, not results." >> "$out/run.properties"
fi

java -Djava.awt.headless=true -cp "$jar" org.swizzle.benchmarks.report.ReportGenerator "$out" || failed=1
echo "run.sh: $mode mode took $((duration / 60)) min $((duration % 60)) s; report: $out/REPORT.md"
passed=$(cat "$out"/*.json 2>/dev/null | grep -c '"benchmark" :' || true)
echo "$mode: $passed passed, $failed failed"
if [[ $failed -ne 0 ]]; then
    echo "run.sh: at least one benchmark failed" >&2
    exit 1
fi
