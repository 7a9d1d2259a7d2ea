package org.swizzle.it.tool;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.swizzle.Persistent;
import org.swizzle.it.model.Color;

/** A part with a field of every sort the tool decodes: primitives, a string, an enum, arrays, collections, references. */
@Persistent
public class ToolPart {
    public int id;
    public char code = 'x';
    public double weight = 1.5;
    public String type;
    public Color color;
    public long[] numbers;
    public ToolPart[] to = new ToolPart[3];
    public List<String> tags = new ArrayList<>();
    public Map<String, Integer> counts = new HashMap<>();
    public ToolPart next;

    public ToolPart(int id, String type) {
        this.id = id;
        this.type = type;
    }
}
