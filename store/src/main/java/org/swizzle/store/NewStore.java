package org.swizzle.store;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

import org.swizzle.StoreIOException;

/** Creates the files of an empty store, in an order that a crash part-way cannot turn into a damaged store. */
final class NewStore {
    private static final System.Logger LOG = System.getLogger("org.swizzle.store");

    private NewStore() {
    }

    /**
     * Creates the files of an empty store in {@code dir}, which {@link StoreDirectory} found without
     * one. The lock file says a creation is under way until it is done, and the cluster file is
     * written aside and renamed into place last, so that its presence means a complete store.
     */
    static void create(Path dir, int clusterSize, FileChannelFactory files, StoreLock lock) {
        Path clusterFile = dir.resolve(ClusterFileDescriptor.FILE_NAME);
        try {
            lock.markCreating();
            long storeId = newStoreId();
            SegmentDirectory.create(dir.resolve(SegmentDirectoryDescriptor.FILE_NAME), files);
            WriteAheadLog.create(dir.resolve(WalDescriptor.FILE_NAME), files, storeId);
            Path newClusterFile = dir.resolve(StoreDirectory.NEW_CLUSTER_FILE);
            ClusterFile.create(newClusterFile, clusterSize, storeId, files);
            Files.move(newClusterFile, clusterFile, StandardCopyOption.ATOMIC_MOVE);
            FileIo.forceDirectory(dir);
            lock.markOpen();
        } catch (IOException e) {
            throw new StoreIOException("Cannot create a new store in " + dir + ": " + e + ". Check that the disk is not"
                + " full and the directory is writable, then open it again: what this attempt left is replaced.", e);
        }
        LOG.log(Level.DEBUG, () -> "Created a new store in " + dir + " with " + clusterSize + "-byte clusters");
    }

    /** A random store id, never 0 (which names a store created before stores had one). */
    static long newStoreId() {
        long id;
        do {
            id = ThreadLocalRandom.current().nextLong();
        } while (id == 0);
        return id;
    }
}
