package org.swizzle.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.swizzle.store.TestBytes.assertBytes;
import static org.swizzle.store.TestBytes.bytes;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Images staged in chunks: each whole in one, a long one in memory of its own, the chunks used again after a commit. */
class StagedImagesTest {
    @TempDir
    Path dir;

    private final StagedImages staged = new StagedImages();

    @Test
    void shouldKeepEachImageWholeInOneChunk() {
        int length = StagedImages.CHUNK_LENGTH / 3 + 1; // three do not fit in one chunk
        long[] where = new long[7];
        for (int i = 0; i < where.length; i++) {
            where[i] = staged.stage(bytes(i, length), 0, length);
        }
        for (int i = 0; i < where.length; i++) {
            int offset = StagedImages.offset(where[i]);
            assertEquals(i % 2 * length, offset, "image " + i + " starts a chunk or follows the one that does");
            assertBytes(bytes(i, length), LittleEndianBuffer.of(staged.memoryOf(where[i]), offset, length), "image " + i);
        }
    }

    @Test
    void shouldStageAnImageLongerThanAChunkAloneBetweenOthers() {
        int longer = 2 * StagedImages.CHUNK_LENGTH + 5;
        long before = staged.stage(bytes(1, 100), 0, 100);
        long alone = staged.stage(bytes(2, longer), 0, longer);
        long after = staged.stage(bytes(3, 100), 0, 100);
        assertBytes(bytes(1, 100), LittleEndianBuffer.of(staged.memoryOf(before), StagedImages.offset(before), 100), "before");
        assertBytes(bytes(2, longer), LittleEndianBuffer.of(staged.memoryOf(alone), StagedImages.offset(alone), longer), "alone");
        assertBytes(bytes(3, 100), LittleEndianBuffer.of(staged.memoryOf(after), StagedImages.offset(after), 100), "after");
        assertEquals(staged.memoryOf(before), staged.memoryOf(after), "the image alone leaves the current chunk taking images");
        assertEquals(100, StagedImages.offset(after));
    }

    @Test
    void shouldStageAgainFromTheFirstChunkAfterClear() {
        int kept = StagedImages.KEPT_LENGTH / StagedImages.CHUNK_LENGTH;
        int chunks = kept + 3;
        LittleEndianBuffer[] before = new LittleEndianBuffer[chunks];
        for (int i = 0; i < chunks; i++) {
            long where = staged.stage(bytes(i, StagedImages.CHUNK_LENGTH), 0, StagedImages.CHUNK_LENGTH);
            before[i] = staged.memoryOf(where);
        }
        LittleEndianBuffer first = before[0];
        staged.clear();
        long where = staged.stage(bytes(9, 10), 0, 10);
        assertEquals(first, staged.memoryOf(where), "the first chunk is kept and used again");
        assertEquals(0, StagedImages.offset(where));
        for (int i = 1; i < chunks; i++) {
            LittleEndianBuffer memory = staged.memoryOf(staged.stage(bytes(i, StagedImages.CHUNK_LENGTH), 0,
                StagedImages.CHUNK_LENGTH));
            assertEquals(i < kept, memory == before[i], "chunk " + i + (i < kept ? " kept" : " let go: new memory"));
        }
    }

    /** A commit whose new images fill several chunks, one image longer than a chunk among them, read back after a reopen. */
    @Test
    void shouldCommitImagesStagedAcrossChunks() {
        int objects = 3 * StagedImages.CHUNK_LENGTH / 1000;
        long[] oids = new long[objects + 1];
        int longer = StagedImages.CHUNK_LENGTH + 1;
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            for (int commit = 1; commit <= 2; commit++) { // the second reuses the chunks the first took
                Transaction transaction = store.begin();
                for (int i = 0; i < objects; i++) {
                    oids[i] = TestBytes.putNew(transaction, commit * 100_000L + i, lengthOf(i));
                    if (i == objects / 2) {
                        oids[objects] = TestBytes.putNew(transaction, commit, longer);
                    }
                }
                transaction.commit(commit);
            }
        }
        LittleEndianBuffer view = LittleEndianBuffer.of(new byte[0]);
        try (SegmentStore store = SegmentStore.open(dir, StoreDirs.smallNoCheckpoint())) {
            for (int i = 0; i < objects; i++) {
                assertBytes(bytes(200_000L + i, lengthOf(i)), store.read(oids[i], view), "object " + i);
            }
            assertBytes(bytes(2, longer), store.read(oids[objects], view), "the image longer than a chunk");
        }
    }

    private static int lengthOf(int i) {
        return 900 + i % 200;
    }
}
