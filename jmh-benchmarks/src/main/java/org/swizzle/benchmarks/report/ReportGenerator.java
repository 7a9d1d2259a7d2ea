package org.swizzle.benchmarks.report;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Properties;

/**
 * Reads the JMH JSON files of a results directory and writes {@code REPORT.md} and its PNG charts
 * into it: the targets of the benchmarks' README with pass or fail, the OO1 tables in the
 * form of the seed papers, the update and commit figures, Moss's load-work-save cost model, and
 * the OO7 operations, and the reproduction table of the papers' findings. {@code run.sh} calls it after JMH;
 * {@code run.properties} (written by {@code run.sh}) supplies the mode, commit and times of the run.
 *
 * <pre>
 * java -Djava.awt.headless=true -cp jmh-benchmarks/target/benchmarks.jar \
 *     org.swizzle.benchmarks.report.ReportGenerator jmh-benchmarks/results/2025-01-01-abc1234
 * </pre>
 */
public final class ReportGenerator {

    private ReportGenerator() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ReportGenerator <results directory with JMH *.json files>");
            System.exit(2);
        }
        System.setProperty("java.awt.headless", "true");
        Path dir = Path.of(args[0]);
        JmhResults results = JmhResults.load(dir);
        if (results.isEmpty()) {
            System.err.println("No JMH results (*.json) in " + dir.toAbsolutePath() + ": did the run fail?");
            System.exit(1);
        }
        Path report = dir.resolve("REPORT.md");
        Files.writeString(report, write(results, dir, runProperties(dir)));
        System.out.println("Wrote " + report.toAbsolutePath());
    }

    static String write(JmhResults results, Path dir, Properties run) {
        Charts charts = new Charts(dir);
        Report report = new Report(results, charts);
        JmhResult any = results.all().get(0);
        StringBuilder out = new StringBuilder();
        out.append("# Swizzle benchmark report\n\n")
            .append("| | |\n|---|---|\n")
            .append("| run | ").append(run.getProperty("mode", "?")).append(" mode, started ")
            .append(run.getProperty("started", "?")).append(", ").append(run.getProperty("duration", "?"))
            .append(" |\n")
            .append("| commit | ").append(run.getProperty("commit", "?")).append(" |\n")
            .append("| machine | ").append(Machine.describe()).append(" |\n")
            .append("| load when the run started | ").append(run.getProperty("load", "?")).append(" |\n")
            .append("| JDK | ").append(any.jdk()).append(", ").append(any.vm()).append(" |\n")
            .append("| JMH | 1.37, ").append(run.getProperty("jmh", "")).append(" |\n")
            .append("| generated | ").append(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME))
            .append(" |\n\n");
        if (run.containsKey("note")) {
            out.append("> ").append(run.getProperty("note")).append("\n\n");
        }
        out.append("Every figure is a ratio of results taken side by side in this run; absolute times drift on a"
            + " shared machine. Quick mode has few iterations: read its numbers as indications.\n\n");
        out.append("## Targets (jmh-benchmarks/README.md)\n\n").append(new Targets(report.figures()).table()).append('\n');
        section(out, report.systems());
        section(out, new ReadTables(results, charts).section());
        section(out, report.barriers());
        section(out, report.slopes());
        section(out, report.updates());
        section(out, report.rawIo());
        section(out, report.inserts());
        section(out, report.readOnlyCommits());
        section(out, report.reclaim());
        section(out, report.largeCollections());
        section(out, report.largeSorted());
        section(out, new CommitSweeps(results, charts).section());
        section(out, new OO7Report(results, charts).section());
        LoadWorkSave lws = new LoadWorkSave(results);
        section(out, lws.section());
        out.append("## Reproduction of the papers' findings\n\n").append(new Findings(report.figures(), lws).table())
            .append('\n');
        out.append("## How to reproduce\n\nFrom the repository root: `mvn -B -q install -DskipTests`, then"
            + " `jmh-benchmarks/run.sh ").append(run.getProperty("mode", "quick")).append("`. The JMH JSON files beside"
            + " this report hold every number above.\n\n");
        section(out, report.appendix());
        return out.toString();
    }

    private static void section(StringBuilder out, String section) {
        if (!section.isEmpty()) {
            out.append(section).append('\n');
        }
    }

    private static Properties runProperties(Path dir) throws IOException {
        Properties run = new Properties();
        Path file = dir.resolve("run.properties");
        if (Files.exists(file)) {
            try (Reader reader = Files.newBufferedReader(file)) {
                run.load(reader);
            }
        }
        return run;
    }
}
