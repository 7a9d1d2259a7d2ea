package org.swizzle.benchmarks.oo1.peers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.eclipse.serializer.persistence.types.Storer;
import org.eclipse.serializer.reference.Lazy;
import org.eclipse.store.storage.embedded.types.EmbeddedStorage;
import org.eclipse.store.storage.embedded.types.EmbeddedStorageManager;
import org.swizzle.benchmarks.oo1.OO1Data;
import org.swizzle.benchmarks.oo1.OO1Database;

/**
 * EclipseStore (embedded storage) as its documentation recommends for a graph larger than one
 * wants to load: plain classes ({@link Part}, {@link Connection}, {@link Root}) with
 * {@link Lazy} references where loading should stop. The root holds one {@code Lazy<Part>} per
 * id and connections point to parts through the same lazies, so a part loads with its own
 * connections but not with the parts they lead to. A commit stores each changed object with one
 * {@link Storer} and commits it. EclipseStore 2.x writes through {@code FileChannel.write} and
 * has no option to force the files at a commit: its commits survive the process, not the machine.
 *
 * <p>Part of the OO1 benchmarks; run them with {@code jmh-benchmarks/run.sh [smoke|quick|full]} from the
 * repository root (see {@code jmh-benchmarks/README.md}).
 */
public final class EclipseStoreDatabase implements OO1Database {

    private final EmbeddedStorageManager storage;
    private final Root root;
    private Storer storer;
    private long sink;

    private EclipseStoreDatabase(EmbeddedStorageManager storage) {
        this.storage = storage;
        this.root = (Root) storage.root();
        if (root == null) {
            throw new IllegalStateException("No OO1 root in the EclipseStore storage " + storage);
        }
    }

    /** Starts the storage in {@code dir}. */
    public static EclipseStoreDatabase open(Path dir) {
        return new EclipseStoreDatabase(EmbeddedStorage.start(dir));
    }

    /** Writes {@code data} into a new storage in {@code dir}. */
    public static void create(Path dir, OO1Data data) {
        Root root = new Root();
        root.parts = Root.lazies(data.count);
        add(root.parts, data);
        connect(root.parts, data, null);
        EmbeddedStorageManager storage = EmbeddedStorage.start(root, dir);
        try {
            storage.storeRoot();
        } finally {
            storage.shutdown();
        }
    }

    private static void add(Lazy<Part>[] parts, OO1Data data) {
        for (int id = data.firstId; id <= data.lastId(); id++) {
            int i = data.index(id);
            parts[id - 1] = Lazy.Reference(new Part(id, data.type(id), data.x[i], data.y[i], data.build[i]));
        }
    }

    private static void connect(Lazy<Part>[] parts, OO1Data data, Storer changed) {
        for (int id = data.firstId; id <= data.lastId(); id++) {
            Part part = parts[id - 1].get();
            for (int c = 0; c < OO1Data.CONNECTIONS; c++) {
                Lazy<Part> target = parts[data.to(id, c) - 1];
                Connection connection = new Connection(data.connectionType(id, c), data.length(id, c), parts[id - 1], target);
                part.to[c] = connection;
                Part targetPart = target.get();
                targetPart.from.add(connection);
                if (changed != null && targetPart.id < data.firstId) {
                    changed.store(targetPart.from);
                }
            }
        }
    }

    private Part part(int id) {
        return root.parts[id - 1].get();
    }

    @Override
    public int size() {
        return root.parts.length;
    }

    @Override
    public int lookup(int[] ids) {
        int found = 0;
        for (int id : ids) {
            Part part = part(id);
            visit(part.x, part.y, part.type);
            found++;
        }
        return found;
    }

    @Override
    public int traverse(int id, int depth) {
        return traverse(part(id), depth);
    }

    private int traverse(Part part, int depth) {
        visit(part.x, part.y, part.type);
        if (depth == 0) {
            return 1;
        }
        int visits = 1;
        for (Connection connection : part.to) {
            visits += traverse(connection.to.get(), depth - 1);
        }
        return visits;
    }

    @Override
    public int reverse(int id, int depth) {
        return reverse(part(id), depth);
    }

    private int reverse(Part part, int depth) {
        visit(part.x, part.y, part.type);
        if (depth == 0) {
            return 1;
        }
        int visits = 1;
        for (Connection connection : part.from) {
            visits += reverse(connection.from.get(), depth - 1);
        }
        return visits;
    }

    @Override
    public int update(int id, int depth, double p, SplittableRandom random) {
        return update(part(id), depth, p, random);
    }

    private int update(Part part, int depth, double p, SplittableRandom random) {
        int updates = 0;
        if (p >= 1.0 || random.nextDouble() < p) {
            part.x++;
            part.y++;
            storer().store(part);
            updates++;
        }
        if (depth > 0) {
            for (Connection connection : part.to) {
                updates += update(connection.to.get(), depth - 1, p, random);
            }
        }
        return updates;
    }

    @Override
    public void insert(OO1Data batch) {
        Lazy<Part>[] grown = Arrays.copyOf(root.parts, batch.lastId());
        add(grown, batch);
        connect(grown, batch, storer());
        root.parts = grown;
        storer().store(root);
    }

    private Storer storer() {
        if (storer == null) {
            storer = storage.createStorer();
        }
        return storer;
    }

    @Override
    public void commit() {
        if (storer != null) {
            storer.commit();
            storer = null;
        }
    }

    private void visit(int x, int y, String type) {
        sink += x + y + type.length();
    }

    @Override
    public long sink() {
        return sink;
    }

    @Override
    public void close() {
        storage.shutdown();
    }

    /** The EclipseStore root: a lazy reference per part id ({@code id - 1}). */
    static final class Root {
        Lazy<Part>[] parts;

        @SuppressWarnings({"unchecked", "rawtypes"})
        static Lazy<Part>[] lazies(int count) {
            return new Lazy[count];
        }
    }

    /** An OO1 part for EclipseStore: the same fields as the sample's. */
    static final class Part {
        int id;
        String type;
        int x;
        int y;
        long build;
        Connection[] to = new Connection[OO1Data.CONNECTIONS];
        ArrayList<Connection> from = new ArrayList<>();

        Part(int id, String type, int x, int y, long build) {
            this.id = id;
            this.type = type;
            this.x = x;
            this.y = y;
            this.build = build;
        }
    }

    /** An OO1 connection for EclipseStore: its parts are lazy, so loading stops at it. */
    static final class Connection {
        String type;
        int length;
        Lazy<Part> from;
        Lazy<Part> to;

        Connection(String type, int length, Lazy<Part> from, Lazy<Part> to) {
            this.type = type;
            this.length = length;
            this.from = from;
            this.to = to;
        }
    }
}
