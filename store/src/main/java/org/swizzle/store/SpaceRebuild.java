package org.swizzle.store;

import java.nio.file.Path;

import org.swizzle.StoreCorruptedException;

/**
 * Rebuilds the free space of a cluster file from its object tables when the store opens: reads
 * every table entry (so every entry's checksum is checked on open, and that no entry was written
 * by a commit the WAL lost), checks that every object lies where an object may, gathers the used
 * extents, and frees the gaps between them; counts the live objects of each segment on the way.
 * A segment without a table, never created or released, holds nothing. Two extents that
 * overlap, like an entry that fails its checks, make a writable store refuse to open: allocating over
 * either would destroy data. A read-only open allocates nothing: it notes such places in a {@link DamageFound}
 * and goes on, counting a damaged entry as an object, so that a pass over the objects meets it and reading it raises
 * the damage, and the rest of the store can be read.
 *
 * <p>Cost: one pass over the tables (24 bytes per slot of every segment), 8 bytes of memory per
 * object while it runs, and a sort of those.
 */
final class SpaceRebuild {
    private final ClusterFile clusters;
    private final SegmentDirectory directory;
    private final ClusterLayout layout;
    private final long allocatedEnd;
    private final long lastCommit;
    private final LiveCounts live;
    /** Where a read-only open notes damage; null where damage refuses the open. */
    private final DamageFound damage;

    private SpaceRebuild(ClusterFile clusters, SegmentDirectory directory, ClusterLayout layout, StoreState state,
        LiveCounts live, DamageFound damage) {
        this.clusters = clusters;
        this.directory = directory;
        this.layout = layout;
        this.live = live;
        this.damage = damage;
        this.allocatedEnd = state.allocatedEnd;
        this.lastCommit = state.lastCommit;
    }

    /**
     * The free space of the clusters that {@code state} allocated, checking every table entry against it;
     * adds the live objects of each segment to {@code live}. Damage is noted in {@code damage} if it is not null,
     * else refuses the open.
     *
     * @throws StoreCorruptedException an entry fails its checks, or two objects overlap, and {@code damage} is null
     */
    static FreeSpace rebuild(ClusterFile clusters, SegmentDirectory directory, ClusterLayout layout, StoreState state,
        LiveCounts live, DamageFound damage) {
        return new SpaceRebuild(clusters, directory, layout, state, live, damage).run();
    }

    private void damaged(long segment, long position, String problem) {
        if (damage == null) {
            throw StoreCorruptedException.inObjectTable(clusters.file(), position, problem);
        }
        damage.add(position, problem);
        live.add(segment, 1);
    }

    private FreeSpace run() {
        UsedExtents used = new UsedExtents(layout);
        used.add(0, ClusterFileDescriptor.FIRST_FREE);
        Path file = clusters.file();
        new TableScan().scan(TableScan.of(clusters, directory), new TableScan.Visitor() {
            @Override
            public void entry(long segment, TableEntry entry) {
                String problem = entry.commitProblem(lastCommit);
                if (problem != null) {
                    damaged(segment, entry.position, problem);
                    return;
                }
                if (entry.exists()) {
                    problem = layout.objectProblem(entry.oid, entry.offset, entry.length, allocatedEnd);
                    if (problem != null) {
                        damaged(segment, entry.position, problem);
                        return;
                    }
                    used.add(entry.offset, layout.extent(entry.length));
                    live.add(segment, 1);
                }
            }

            @Override
            public void damaged(long oid, long entryPosition, String problem) {
                SpaceRebuild.this.damaged(Oids.segment(oid), entryPosition, problem);
            }
        });
        for (long segment = 0; segment < directory.count(); segment++) {
            long table = directory.tableOffset(segment);
            if (table != 0) {
                used.add(table, SegmentTableDescriptor.TABLE_LENGTH);
            }
        }
        FreeSpace free = new FreeSpace(layout, allocatedEnd);
        used.sweep(allocatedEnd, new UsedExtents.Listener() {
            @Override
            public void free(long start, long end) {
                free.free(start, end - start);
            }

            @Override
            public void overlap(long position, long previousEnd) {
                String problem = Overlaps.describe(position, previousEnd, TableScan.of(clusters, directory),
                    directory.count(), layout);
                if (damage == null) {
                    throw StoreCorruptedException.inObjectTable(file, position, problem);
                }
                damage.add(position, problem);
            }
        });
        return free;
    }
}
