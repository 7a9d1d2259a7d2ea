package org.swizzle.it.schemes;

import java.nio.file.Path;
import java.util.SplittableRandom;

import org.swizzle.ObjectStore;
import org.swizzle.StoreStats;

/**
 * The child JVM of {@link UpdateDetectionTest}. {@code run DIR SEED STEPS} applies a seeded random
 * sequence of mutations with commits and aborts to a store and, identically, to a plain-Java model
 * (transient copies of the same classes), then prints the model's rendering and the log it wrote;
 * {@code render DIR} prints the stored state's rendering; {@code scattered DIR} measures the log of
 * scattered single-int updates.
 */
public final class SchemeWorkload {

    static final int CELLS = 200;

    public static void main(String[] args) {
        Path dir = Path.of(args[1]);
        try (ObjectStore store = ObjectStore.open(dir)) {
            switch (args[0]) {
                case "run": run(store, Long.parseLong(args[2]), Integer.parseInt(args[3])); break;
                case "render": System.out.println("STATE " + digest(store.root("board", Board.class).render())); break;
                case "scattered": scattered(store); break;
                default: throw new IllegalArgumentException(args[0]);
            }
        }
    }

    private static void run(ObjectStore store, long seed, int steps) {
        Board board = store.root("board", Board.class);
        if (board == null) {
            board = new Board();
            board.cells.addAll(Board.newCells(CELLS, 0));
            store.setRoot("board", board);
            store.commit();
        }
        Board committed = board.copy();
        Board model = committed.copy();
        SplittableRandom random = new SplittableRandom(seed);
        StoreStats before = store.stats();
        int commits = 0;
        int aborts = 0;
        for (int step = 0; step < steps; step++) {
            int op = random.nextInt(100);
            if (op < 8) {
                store.commit();
                committed = model.copy();
                commits++;
            } else if (op < 10) {
                store.abort();
                model = committed.copy();
                aborts++;
            } else {
                mutate(board, model, random, op);
            }
        }
        store.commit();
        StoreStats after = store.stats();
        String rendered = model.render();
        if (!rendered.equals(board.render())) {
            throw new AssertionError("the live persistent objects differ from the model before any reopen");
        }
        System.out.println("STATE " + digest(rendered));
        System.out.println("LOG records=" + (after.recordsLogged() - before.recordsLogged())
            + " payload=" + (after.payloadBytesLogged() - before.payloadBytesLogged())
            + " commits=" + commits + " aborts=" + aborts);
    }

    /** One random mutation, applied the same way to the stored board and to the model. */
    private static void mutate(Board board, Board model, SplittableRandom random, int op) {
        int size = model.cells.size();
        int i = random.nextInt(size);
        int j = random.nextInt(size);
        int value = random.nextInt(1_000_000);
        for (Board target : new Board[] {board, model}) {
            Cell cell = target.cells.get(i);
            Cell other = target.cells.get(j);
            if (op < 30) {
                cell.value = value;
            } else if (op < 40) {
                cell.label = "label " + value;
            } else if (op < 55) {
                cell.data[value % cell.data.length] = value;
            } else if (op < 62) {
                cell.neighbours[value % 2] = value % 3 == 0 ? null : other;
            } else if (op < 72) {
                cell.list.add(value);
            } else if (op < 76) {
                if (!cell.list.isEmpty()) {
                    cell.list.remove(0);
                }
            } else if (op < 84) {
                cell.map.put("k" + value % 10, value);
            } else if (op < 94) {
                cell.link = value % 4 == 0 ? null : other;
            } else {
                Cell added = new Cell(value);
                added.link = cell;
                target.cells.add(added);
            }
        }
    }

    private static void scattered(ObjectStore store) {
        Board board = new Board();
        board.cells.addAll(Board.newCells(1_000, 0));
        store.setRoot("scattered", board);
        store.commit();
        StoreStats before = store.stats();
        for (int i = 0; i < 1_000; i += 10) {
            board.cells.get(i).value = 0x7F7F7F7F - i;
        }
        store.commit();
        StoreStats middle = store.stats();
        store.commit();
        StoreStats after = store.stats();
        System.out.println("SCATTERED records=" + (middle.recordsLogged() - before.recordsLogged())
            + " payload=" + (middle.payloadBytesLogged() - before.payloadBytesLogged())
            + " unchanged=" + (after.bytesLogged() - middle.bytesLogged()));
    }

    static String digest(String text) {
        return Integer.toHexString(text.hashCode()) + "/" + text.length();
    }
}
