package org.swizzle.it.collections;

import java.util.Arrays;
import java.util.Random;

/**
 * Random element writes through a local copy of the reference to the {@code int[]} field, held
 * across commits: no field write, so only the array's own tracking can commit them.
 */
final class ArrayOps {
    private ArrayOps() {
    }

    static Op draw(Random random, int[] model) {
        int i = random.nextInt(model.length + 1);
        int v = random.nextInt(1000);
        return switch (random.nextInt(5)) {
            case 0, 1 -> Op.<int[]>of("[" + i + "] = " + v, array -> array[i] = v);
            case 2 -> Op.<int[]>of("[" + i + "] += " + v, array -> array[i] += v);
            case 3 -> Op.<int[]>of("fill(" + i / 2 + ", " + i + ", " + v + ")", array -> {
                Arrays.fill(array, i / 2, i, v);
                return null;
            });
            default -> Op.<int[]>of("sort()", array -> {
                Arrays.sort(array);
                return null;
            });
        };
    }
}
