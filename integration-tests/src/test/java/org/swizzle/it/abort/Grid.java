package org.swizzle.it.abort;

import java.util.ArrayList;
import java.util.List;

import org.swizzle.Persistent;

/** Arrays of arrays, in a field and in a list, whose rows an aborted change may replace with another object's. */
@Persistent
public class Grid {
    int[][] rows = {{1, 2}, {3, 4}};
    List<int[][]> tables = new ArrayList<>();
    Grid other;
}
