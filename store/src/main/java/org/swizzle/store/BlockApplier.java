package org.swizzle.store;

import java.nio.file.Path;

import org.swizzle.StoreCorruptedException;

/**
 * Applies the records of a WAL block to the cluster file (through its mapping, but for the bytes of whole
 * images, written by positional writes: see {@link ClusterFile#writeImage}), the segment directory and the
 * store's state, the same way for a fresh commit and for recovery, so that a block applied twice leaves the
 * files as applying it once does (see {@link WalDescriptor}).
 */
final class BlockApplier {
    /** What {@link #entryPosition} returns for a record that recovery skips. */
    private static final long SKIPPED = -1;

    private final ClusterFile clusters;
    private final SegmentDirectory directory;
    private final StoreState state;
    private final Path walFile;
    private final WalRecords records;
    private final TableEntry entry = new TableEntry();
    /** The new bytes of a SPLICE's object, built before they are checked and written. */
    private final LittleEndianBuffer spliced = LittleEndianBuffer.growable(0);
    private final Checksums checksums = new Checksums();

    BlockApplier(ClusterFile clusters, SegmentDirectory directory, StoreState state, Path walFile) {
        this.clusters = clusters;
        this.directory = directory;
        this.state = state;
        this.walFile = walFile;
        this.records = new WalRecords(walFile);
    }

    /**
     * Applies the block of a commit just logged, at the start of {@code block} and at
     * {@code walOffset} of the WAL, pausing in {@link CrashWindows#midApply()} once
     * {@code pauseAfter} records are applied.
     */
    void apply(LittleEndianBuffer block, long walOffset, int pauseAfter) {
        apply(block, walOffset, pauseAfter, null);
    }

    /** Applies a block read back from {@code walOffset} of the WAL by recovery, following {@code plan}. */
    void replay(LittleEndianBuffer block, long walOffset, ReplayPlan plan) {
        apply(block, walOffset, -1, plan);
    }

    private void apply(LittleEndianBuffer block, long walOffset, int pauseAfter, ReplayPlan plan) {
        try {
            applyRecords(block, walOffset, pauseAfter, plan);
        } catch (RuntimeException | Error e) {
            clusters.discardImages();
            throw e;
        } finally {
            records.forgetBlock();
        }
    }

    private void applyRecords(LittleEndianBuffer block, long walOffset, int pauseAfter, ReplayPlan plan) {
        long commit = WalDescriptor.commitNumber(block);
        records.reset(block, walOffset);
        int applied = 0;
        while (records.next()) {
            if (records.type() != WalDescriptor.IMAGE) {
                clusters.flushImages(); // the images, a section of their own, lie before what the mapping reads next
            }
            switch (records.type()) {
                case WalDescriptor.SEGMENT:
                    clusters.writeEmptyTable(records.position(), records.oid());
                    directory.set(records.oid(), records.position());
                    break;
                case WalDescriptor.IMAGE:
                    long image = entryPosition(commit, plan);
                    if (image != SKIPPED) {
                        clusters.writeImage(records.position(), block, records.payloadIndex(), records.length());
                        clusters.writeEntry(image, records.oid(), records.position(), records.length(),
                            records.classId(), commit, records.objectCrc());
                    }
                    break;
                case WalDescriptor.PATCH:
                    if (plan == null) {
                        patch(block, commit, commit);
                    } else if (!plan.rewrittenAfter(records.oid(), commit)) {
                        replayPatch(block, commit, plan);
                    }
                    break;
                case WalDescriptor.SPLICE:
                    if (plan == null || !plan.rewrittenAfter(records.oid(), commit)) {
                        long splicedEntry = entryPosition(commit, plan);
                        if (splicedEntry != SKIPPED) {
                            splice(block, splicedEntry, commit);
                        }
                    }
                    break;
                case WalDescriptor.FREE:
                    long freed = entryPosition(commit, plan);
                    if (freed != SKIPPED) {
                        clusters.writeEntry(freed, records.oid(), 0, 0, 0, 0, 0);
                    }
                    break;
                case WalDescriptor.RELEASE:
                    directory.set(records.oid(), 0);
                    break;
                default:
                    state.nextOid = records.oid();
                    state.allocatedEnd = records.position();
                    break;
            }
            if (++applied == pauseAfter) {
                clusters.flushImages(); // a crash in the window finds the records before it applied
                CrashWindows.midApply();
            }
        }
        clusters.flushImages();
    }

    /**
     * Replays the current PATCH: where the first SPLICE of its object after it reads the object, if one does
     * (that SPLICE rewrites the entry), else as {@link #patch}.
     */
    private void replayPatch(LittleEndianBuffer block, long commit, ReplayPlan plan) {
        SpliceSources sources = plan.spliceSources();
        int source = sources.after(records.oid(), commit);
        if (source < 0) {
            patch(block, commit, plan.lastCommit());
            return;
        }
        if (records.patchEnd() > sources.length(source)) {
            throw new StoreCorruptedException(walFile, records.walOffset(), "the PATCH record of object " + records.oid()
                + " writes up to byte " + records.patchEnd() + " of it, but the SPLICE after it reads "
                + sources.length(source) + " bytes of it");
        }
        while (records.nextRange()) {
            clusters.write(sources.position(source) + records.rangeOffset(), block, records.rangeIndex(),
                records.rangeLength());
        }
    }

    /**
     * Builds the new bytes of the current SPLICE's object from its old bytes and the record's ranges, checks
     * them against the record's checksum, writes them at their new place and the entry at {@code entryPosition}.
     */
    private void splice(LittleEndianBuffer block, long entryPosition, long commit) {
        int length = records.length();
        int suffix = records.suffixLength();
        int front = length - suffix;
        long old = records.oldPosition();
        spliced.ensureCapacity(length);
        clusters.read(old, spliced, 0, Math.min(front, records.oldLength() - suffix));
        clusters.read(old + records.oldLength() - suffix, spliced, front, suffix);
        while (records.nextRange()) {
            spliced.putBytes(records.rangeOffset(), block, records.rangeIndex(), records.rangeLength());
        }
        int crc = checksums.of(spliced, 0, length);
        if (crc != records.objectCrc()) {
            throw new StoreCorruptedException(walFile, records.walOffset(), "the SPLICE record of object "
                + records.oid() + " builds bytes whose CRC32C is " + Integer.toHexString(crc) + ", not "
                + Integer.toHexString(records.objectCrc()) + ": the " + records.oldLength() + " bytes at offset " + old
                + " of " + clusters.file() + " it reads are not the object's old bytes");
        }
        clusters.write(records.position(), spliced, 0, length);
        clusters.writeEntry(entryPosition, records.oid(), records.position(), length, records.classId(), commit, crc);
    }

    /** Writes the ranges of the current PATCH over its object, where its entry says it is; the log ends at {@code lastCommit}. */
    private void patch(LittleEndianBuffer block, long commit, long lastCommit) {
        long oid = records.oid();
        long entryPosition = entryPosition(commit, null);
        String problem = clusters.readEntry(entryPosition, oid, entry);
        if (problem == null) {
            problem = entry.commitProblem(lastCommit);
        }
        if (problem != null) {
            throw new StoreCorruptedException(clusters.file(), entryPosition, problem);
        }
        if (!entry.exists() || records.patchEnd() > entry.length) {
            throw new StoreCorruptedException(walFile, records.walOffset(), "the PATCH record of object " + oid
                + " writes up to byte " + records.patchEnd() + " of it, but its table entry at offset " + entryPosition
                + (entry.exists() ? " gives it " + entry.length + " bytes" : " is empty"));
        }
        while (records.nextRange()) {
            clusters.write(entry.offset + records.rangeOffset(), block, records.rangeIndex(), records.rangeLength());
        }
        clusters.writeEntry(entryPosition, oid, entry.offset, entry.length, entry.classId, commit, records.objectCrc());
    }

    /**
     * The cluster file offset of the table entry of the current record's object, in the block of {@code commit};
     * {@link #SKIPPED} when recovery, following {@code plan}, finds the object's segment released already by
     * this block or a later one (see {@link ReplayPlan}).
     */
    private long entryPosition(long commit, ReplayPlan plan) {
        long oid = records.oid();
        long segment = Oids.segment(oid);
        long table = directory.tableOffset(segment);
        if (table != 0) {
            return SegmentTableDescriptor.entryPosition(table, oid);
        }
        if (plan != null && plan.releasedFrom(segment, commit)) {
            return SKIPPED;
        }
        String damage = directory.damage(segment);
        if (damage != null) {
            throw new StoreCorruptedException(directory.file(), SegmentDirectoryDescriptor.entryPosition(segment),
                damage);
        }
        throw new StoreCorruptedException(walFile, records.walOffset(), WalDescriptor.typeName(records.type())
            + " record for object " + oid + " names segment " + segment + ", which has no table");
    }
}
