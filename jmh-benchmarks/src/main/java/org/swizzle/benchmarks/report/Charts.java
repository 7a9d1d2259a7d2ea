package org.swizzle.benchmarks.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's PNG charts, drawn with XChart (headless). Each method writes one file into the
 * results directory and returns its name, or null when there is nothing to draw.
 */
final class Charts {

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 560;

    private final Path dir;

    Charts(Path dir) {
        this.dir = dir;
    }

    /**
     * Bars: one group per category (a system), one bar per series (an operation), log scale. The
     * categories in the order of the series' keys; a category without a positive value in a series
     * (absent or NaN) has no bar there, and one without any is left out.
     */
    String bars(String file, String title, String yTitle, Map<String, Map<String, Double>> seriesByName) {
        Set<String> keys = new LinkedHashSet<>();
        seriesByName.values().forEach(series -> keys.addAll(series.keySet()));
        List<String> categories = keys.stream()
            .filter(c -> seriesByName.values().stream().anyMatch(series -> positive(series.get(c)))).toList();
        if (categories.isEmpty()) {
            return null;
        }
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yTitle).build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(LegendPosition.InsideNW);
        chart.getStyler().setXAxisLabelRotation(20);
        double min = Double.MAX_VALUE;
        for (Map.Entry<String, Map<String, Double>> series : seriesByName.entrySet()) {
            List<Double> values = new ArrayList<>();
            for (String c : categories) {
                Double value = series.getValue().get(c);
                values.add(positive(value) ? value : null);
                if (positive(value)) {
                    min = Math.min(min, value);
                }
            }
            chart.addSeries(series.getKey(), categories, values);
        }
        // bars start from the axis minimum: put it below the smallest bar, at a power of ten
        chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(min))));
        return save(chart, file);
    }

    /** Lines: one per series, x against y; log scales as asked. Series with fewer than 2 points are left out. */
    String lines(String file, String title, String xTitle, String yTitle, boolean logX, boolean logY,
                 Map<String, List<double[]>> seriesByName) {
        Map<String, List<double[]>> drawn = new LinkedHashMap<>();
        seriesByName.forEach((name, points) -> {
            List<double[]> usable = new ArrayList<>();
            for (double[] p : points) {
                if (!Double.isNaN(p[1]) && (!logY || p[1] > 0) && (!logX || p[0] > 0)) {
                    usable.add(p);
                }
            }
            if (usable.size() >= 2) {
                drawn.put(name, usable);
            }
        });
        if (drawn.isEmpty()) {
            return null;
        }
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle)
            .build();
        chart.getStyler().setXAxisLogarithmic(logX);
        chart.getStyler().setYAxisLogarithmic(logY);
        chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
        drawn.forEach((name, points) -> {
            double[] x = new double[points.size()];
            double[] y = new double[points.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = points.get(i)[0];
                y[i] = points.get(i)[1];
            }
            chart.addSeries(name, x, y).setMarker(SeriesMarkers.CIRCLE);
        });
        return save(chart, file);
    }

    private static boolean positive(Double value) {
        return value != null && value > 0;
    }

    private String save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, String file) {
        try {
            BitmapEncoder.saveBitmap(chart, dir.resolve(file).toString(), BitmapFormat.PNG);
            return file + ".png";
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("Cannot write the chart " + dir.resolve(file + ".png"), e);
        }
    }
}
