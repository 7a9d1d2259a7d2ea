package org.swizzle.it.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

import org.swizzle.Persistent;

/** One field of every stored type README lists, filled with values that are easy to get wrong. */
@Persistent
public class AllTypes {
    public static int notStoredStatic = 7;
    public transient String notStoredTransient = "transient";

    public boolean z;
    public byte b;
    public short s;
    public char c;
    public int i;
    public long j;
    public float f;
    public double d;

    public Boolean boxedZ;
    public Byte boxedB;
    public Short boxedS;
    public Character boxedC;
    public Integer boxedI;
    public Long boxedJ;
    public Float boxedF;
    public Double boxedD;
    public Integer nullBox;

    public String ascii;
    public String unicode;
    public String empty;
    public String nullString;
    public Color color;

    public Instant instant;
    public Duration duration;
    public Period period;
    public LocalDate localDate;
    public LocalTime localTime;
    public LocalDateTime localDateTime;
    public OffsetTime offsetTime;
    public OffsetDateTime offsetDateTime;
    public ZonedDateTime zonedDateTime;
    public Year year;
    public YearMonth yearMonth;
    public MonthDay monthDay;
    public ZoneId zoneId;
    public ZoneOffset zoneOffset;
    public DayOfWeek dayOfWeek;
    public Month month;

    public BigInteger bigInteger;
    public BigDecimal bigDecimal;
    public UUID uuid;

    public boolean[] booleans;
    public byte[] bytes;
    public short[] shorts;
    public char[] chars;
    public int[] ints;
    public long[] longs;
    public float[] floats;
    public double[] doubles;
    public String[] strings;
    public int[][] matrix;
    public Color[] colors;
    public Node[] nodes;

    public List<String> list;
    public LinkedList<Integer> linkedList;
    public Set<String> hashSet;
    public LinkedHashSet<String> linkedHashSet;
    public TreeSet<String> treeSet;
    public Map<String, Integer> hashMap;
    public LinkedHashMap<String, List<Integer>> linkedHashMap;
    public SortedMap<String, Node> treeMap;
    public Collection<UUID> collection;
    public List<Node> nodeList;

    public Node node;
    public Shape shape;

    /** The values every round trip checks. */
    public static AllTypes sample() {
        AllTypes t = new AllTypes();
        t.z = true;
        t.b = Byte.MIN_VALUE;
        t.s = Short.MAX_VALUE;
        t.c = '\u20ac';
        t.i = -123456789;
        t.j = Long.MIN_VALUE + 1;
        t.f = Float.NaN;
        t.d = -0.0;
        t.boxedZ = false;
        t.boxedB = (byte) 7;
        t.boxedS = (short) -7;
        t.boxedC = '\ud83d';
        t.boxedI = Integer.MAX_VALUE;
        t.boxedJ = 1L << 40;
        t.boxedF = Float.MIN_VALUE;
        t.boxedD = Double.POSITIVE_INFINITY;
        t.ascii = "plain ascii";
        t.unicode = "gr\u00fc\u00dfe \u65e5\u672c \ud83d\ude00 lone \ud800 end";
        t.empty = "";
        t.color = Color.BLUE;
        t.instant = Instant.ofEpochSecond(1_700_000_000L, 123_456_789);
        t.duration = Duration.ofSeconds(-5, 7);
        t.period = Period.of(1, -2, 3);
        t.localDate = LocalDate.of(1969, 7, 20);
        t.localTime = LocalTime.of(23, 59, 59, 999_999_999);
        t.localDateTime = LocalDateTime.of(2024, 2, 29, 12, 0);
        t.offsetTime = OffsetTime.of(LocalTime.NOON, ZoneOffset.ofHours(-5));
        t.offsetDateTime = OffsetDateTime.of(t.localDateTime, ZoneOffset.ofHoursMinutes(5, 30));
        t.zonedDateTime = ZonedDateTime.of(t.localDateTime, ZoneId.of("Europe/Paris"));
        t.year = Year.of(-44);
        t.yearMonth = YearMonth.of(2000, 12);
        t.monthDay = MonthDay.of(2, 29);
        t.zoneId = ZoneId.of("America/New_York");
        t.zoneOffset = ZoneOffset.ofHours(14);
        t.dayOfWeek = DayOfWeek.SUNDAY;
        t.month = Month.FEBRUARY;
        t.bigInteger = new BigInteger("-123456789012345678901234567890");
        t.bigDecimal = new BigDecimal("3.14159265358979323846264338327950288");
        t.uuid = new UUID(0x0123456789abcdefL, 0xfedcba9876543210L);
        t.booleans = new boolean[] {true, false, true};
        t.bytes = new byte[] {-1, 0, 1};
        t.shorts = new short[] {-2, 2};
        t.chars = "chars\u00ff\u0100".toCharArray();
        t.ints = new int[] {Integer.MIN_VALUE, 0, Integer.MAX_VALUE};
        t.longs = new long[] {-1L, 1L << 62};
        t.floats = new float[] {1.5f, Float.NEGATIVE_INFINITY};
        t.doubles = new double[] {Math.E, Double.MIN_VALUE};
        t.strings = new String[] {"a", null, "\u00e9"};
        t.matrix = new int[][] {{1, 2}, {}, null, {3}};
        t.colors = new Color[] {Color.RED, null, Color.GREEN};
        Node shared = new Node("shared");
        t.nodes = new Node[] {shared, null, new Node("second"), shared};
        t.list = new ArrayList<>(List.of("x", "y", "x"));
        t.linkedList = new LinkedList<>(List.of(3, 1, 2));
        t.hashSet = new HashSet<>(Set.of("one", "two"));
        t.linkedHashSet = new LinkedHashSet<>(List.of("z", "a", "m"));
        t.treeSet = new TreeSet<>(List.of("pear", "apple"));
        t.hashMap = new HashMap<>(Map.of("a", 1, "b", 2));
        t.linkedHashMap = new LinkedHashMap<>();
        t.linkedHashMap.put("second", List.of(2, 2));
        t.linkedHashMap.put("first", new ArrayList<>(List.of(1)));
        t.treeMap = new TreeMap<>(Map.of("k", shared));
        t.collection = new ArrayList<>(List.of(t.uuid));
        t.nodeList = new ArrayList<>(Arrays.asList(shared, null));
        t.node = shared;
        t.shape = new Circle(2.0);
        return t;
    }

    /** Every stored value in one canonical text; two objects with the same stored state describe alike. */
    public String describe() {
        return String.join("|", List.of(
            z + "," + b + "," + s + "," + (int) c + "," + i + "," + j + "," + Float.floatToRawIntBits(f) + "," + Double.doubleToRawLongBits(d),
            boxedZ + "," + boxedB + "," + boxedS + "," + (boxedC == null ? "null" : String.valueOf((int) boxedC)) + "," + boxedI + "," + boxedJ + "," + boxedF + "," + boxedD + "," + nullBox,
            codePoints(ascii) + "," + codePoints(unicode) + "," + codePoints(empty) + "," + nullString + "," + color,
            instant + "," + duration + "," + period + "," + localDate + "," + localTime + "," + localDateTime,
            offsetTime + "," + offsetDateTime + "," + zonedDateTime + "," + year + "," + yearMonth + "," + monthDay,
            zoneId + "," + zoneOffset + "," + dayOfWeek + "," + month + "," + bigInteger + "," + bigDecimal + "," + uuid,
            Arrays.toString(booleans) + Arrays.toString(bytes) + Arrays.toString(shorts) + Arrays.toString(chars),
            Arrays.toString(ints) + Arrays.toString(longs) + Arrays.toString(floats) + Arrays.toString(doubles),
            Arrays.toString(strings) + Arrays.deepToString(matrix) + Arrays.toString(colors) + Arrays.toString(nodes),
            list + "" + linkedList + new TreeSet<>(hashSet) + linkedHashSet + treeSet + new TreeMap<>(hashMap) + linkedHashMap + treeMap + collection + nodeList,
            node + "," + (shape == null ? "null" : shape.getClass().getSimpleName() + shape.area()),
            "classes:" + kind(list) + kind(linkedList) + kind(hashSet) + kind(linkedHashSet) + kind(treeSet) + kind(hashMap)
                + kind(linkedHashMap) + kind(treeMap),
            "identity:" + (nodes[0] == nodes[3]) + (nodes[0] == node) + (treeMap.get("k") == node) + (nodeList.get(0) == node)));
    }

    /** The java.util type of a collection: its own class, or the one a tracked collection loaded from the store extends. */
    private static String kind(Object collection) {
        Class<?> type = collection.getClass();
        return (type.getPackageName().equals("java.util") ? type : type.getSuperclass()).getSimpleName();
    }

    private static String codePoints(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder();
        text.chars().forEach(ch -> out.append(Integer.toHexString(ch)).append(' '));
        return out.toString();
    }
}
