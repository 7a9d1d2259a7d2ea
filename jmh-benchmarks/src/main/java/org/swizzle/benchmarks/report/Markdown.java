package org.swizzle.benchmarks.report;

import java.util.ArrayList;
import java.util.List;

/** A Markdown table built row by row. */
final class Markdown {

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    Markdown(String... header) {
        this.header = List.of(header);
    }

    Markdown row(Object... cells) {
        List<String> row = new ArrayList<>();
        for (Object cell : cells) {
            row.add(String.valueOf(cell).replace("|", "\\|"));
        }
        rows.add(row);
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        out.append("| ").append(String.join(" | ", header)).append(" |\n|");
        for (int i = 0; i < header.size(); i++) {
            out.append(i == 0 ? "---|" : "---:|");
        }
        out.append('\n');
        for (List<String> row : rows) {
            out.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        return out.toString();
    }
}
