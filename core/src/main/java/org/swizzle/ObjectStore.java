package org.swizzle;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

import org.swizzle.internal.ObjectManager;

/**
 * An open store of persistent objects: the entry point of Swizzle. Objects bound to root names, and
 * everything reachable from them, are stored; they fault in transparently when touched, and
 * {@link #commit()} makes every change since the last commit durable.
 *
 * <pre>{@code
 * try (ObjectStore store = ObjectStore.open(Path.of("parts-db"))) {
 *     PartIndex index = store.root("parts", PartIndex.class, PartIndex::new);
 *     index.get(42).x += 1;
 *     store.commit();
 * }
 * }</pre>
 *
 * <p>One process opens a store at a time. Reading and faulting are safe from many threads; {@link #commit()}
 * and {@link #abort()} must not run while other threads touch persistent objects. They alone re-hollow
 * objects for the resident budget, unless the store is opened {@link StoreOptions.Builder#confined confined}
 * to one thread, whose faults re-hollow too.
 *
 * <p>An interrupt of the calling thread before the call does not reach the store's files: {@code java.nio} closes a
 * file that an interrupted thread reads or writes, which would leave the store unable to write until it is
 * reopened. So {@link #open}, {@link #commit()}, {@link #index index}, {@link #collectGarbage()} and
 * {@link #close()} clear the interrupt while they run and set it again before they return. An interrupt from
 * another thread that arrives while one of them writes closes the file all the same: the store writes again through
 * a second channel to the file, on a thread of its own where interrupts keep coming, so the call completes and the
 * interrupt is kept.
 */
public final class ObjectStore implements AutoCloseable {


    private final ObjectManager manager;

    private ObjectStore(ObjectManager manager) {
        this.manager = manager;
    }

    /** Opens the store in {@code directory} with the default options, creating it if absent and recovering it if the last process died. */
    public static ObjectStore open(Path directory) {
        return open(directory, StoreOptions.defaults());
    }

    /** Opens the store in {@code directory}, creating it if absent and recovering it if the last process died. */
    public static ObjectStore open(Path directory, StoreOptions options) {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(options, "options");
        return uninterrupted(() -> new ObjectStore(ObjectManager.open(directory, options)));
    }

    /**
     * Runs {@code call}, which may read or write the store's files, with the calling thread's interrupt cleared, and
     * sets the interrupt again afterwards: see the class javadoc.
     */
    private static <T> T uninterrupted(Supplier<T> call) {
        boolean interrupted = Thread.interrupted();
        try {
            return call.get();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The directory holding the store's files. */
    public Path directory() {
        return manager.directory();
    }

    /**
     * The object bound to {@code name}, or {@code null}.
     *
     * @throws WrongRootTypeException if the object bound is not a {@code type}
     */
    public <T> T root(String name, Class<T> type) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        return manager.root(name, type);
    }

    /**
     * The object bound to {@code name}; if none, creates one with {@code create} and binds it (stored at the next commit).
     * Binding is a change like any other: an {@link #abort()} before that commit unbinds it, and the object created is then
     * stored by no later commit unless something stored refers to it; take the root again after {@code abort()}.
     */
    public <T> T root(String name, Class<T> type, Supplier<? extends T> create) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(create, "create");
        synchronized (manager) {
            T existing = manager.root(name, type);
            if (existing != null) {
                return existing;
            }
            T created = Objects.requireNonNull(create.get(), "create returned null for root " + name);
            manager.setRoot(name, created);
            return created;
        }
    }

    /**
     * Binds {@code name} to {@code value} ({@code null} unbinds). The object and everything reachable
     * from it are stored at the next commit.
     *
     * @throws NotPersistentException if {@code value} is not of a {@code @Persistent} class, or belongs to another store
     * @throws NotEnhancedException if its class is {@code @Persistent} but the agent did not enhance it
     */
    public void setRoot(String name, Object value) {
        Objects.requireNonNull(name, "name");
        manager.setRoot(name, value);
    }

    /** The names bound, in the order they were first bound. */
    public Set<String> rootNames() {
        return manager.rootNames();
    }

    /**
     * A hash index from {@code key(object)} to the committed objects of {@code type} (and its
     * subclasses), kept in a file beside the store ({@code indexes/NAME.idx}) and updated after every commit; the
     * same name opens the same index again. The key function must read only stored fields. An index that
     * is missing, damaged or behind the store is rebuilt from the objects when opened.
     *
     * @param name    letters, digits, {@code .}, {@code _} and {@code -}, not starting with {@code .}
     * @param keyType {@code Integer.class}, {@code Long.class} or {@code String.class}
     * @throws InvalidOptionException another name or key type, or the name of an index open for other types
     */
    public <K, V> ObjectIndex<K, V> index(String name, Class<V> type, Class<K> keyType, Function<? super V, ? extends K> key) {
        return uninterrupted(() -> manager.index(name, type, keyType, key));
    }

    /**
     * As {@link #index(String, Class, Class, Function)}. {@code capacity} sized the Chronicle Map of earlier
     * versions; it is ignored, as the index file grows with its entries (from 1,024 slots, 16 bytes each).
     */
    public <K, V> ObjectIndex<K, V> index(String name, Class<V> type, Class<K> keyType, Function<? super V, ? extends K> key,
                                          long capacity) {
        return index(name, type, keyType, key);
    }

    /**
     * Makes every change since the last commit durable: updated fields, array elements and
     * collections of persistent objects, and new objects reachable from persistent ones.
     *
     * <p>A commit that changes nothing writes nothing and is not recorded: it returns the number of the
     * last recorded commit (0 for a store never committed to), so one number always means one commit.
     *
     * <p>A failed commit has one of two outcomes, told apart by the exception's type:
     * <ul>
     * <li>{@link StoreIOException}: the log could not be written or forced; nothing of this commit is
     * durable and the store stays usable, so the commit may be made again once the cause (a full disk)
     * is fixed; unless the message says the store was closed (the log could not be cut back, or a file was
     * closed under the store by an interrupt from another thread): then reopening it tells whether the commit is
     * durable.</li>
     * <li>{@link CommitNotAppliedException}: the commit is durable, but applying it to the store's
     * files failed, and the store was closed. Reopening the store applies the commit through
     * recovery; do not make the same changes again, or they are applied twice.</li>
     * </ul>
     *
     * @return the commit's number, one more than the last recorded one's; the last one's if nothing changed
     * @throws StoreIOException          the log could not be written or forced; nothing of this commit is durable
     * @throws CommitNotAppliedException the commit is durable but was not applied; the store was closed, and
     *                                   reopening it applies the commit
     * @throws ReadOnlyStoreException    the store was opened {@link StoreOptions.Builder#readOnly read-only}
     */
    public long commit() {
        return uninterrupted(manager::commit);
    }

    /**
     * Undoes every change since the last commit: resident objects revert to their committed state, and roots to their
     * committed objects. An object made since the last commit has no committed state: it keeps its fields, and if
     * only a root bound since then ({@link #setRoot}, or {@link #root(String, Class, Supplier)} creating it) reached it,
     * it is a plain Java object again, which no commit stores; take roots again after an abort.
     */
    public void abort() {
        manager.abort();
    }

    /**
     * Frees the stored objects and collections that nothing reaches any more: neither a root, through the
     * committed objects, nor an object the application holds in memory. Their space is reused by later
     * commits. The collection runs in bounded steps, each under the store's lock, so other threads may commit
     * between them; each step that frees objects is a commit of its own, durable when it ends, and a crash
     * at any point loses no object that is reached. A commit made while a cycle runs does a share of it, in
     * proportion to what the commit wrote, and may free unreached objects as part of itself. Uncommitted changes
     * are left as they are. A resident object counts as held in memory, since the store holds it: the commit after a
     * collection turns the clean ones no root reached back into hollow objects, so that a later collection frees
     * those the application dropped, once the JVM has released them. An object
     * reachable only through an {@link #index index} is not reached. {@link #stats()} counts what it freed.
     *
     * @return the number of stored objects and collections freed
     * @throws ReadOnlyStoreException the store was opened {@link StoreOptions.Builder#readOnly read-only}
     */
    public long collectGarbage() {
        return uninterrupted(manager::collectGarbage);
    }

    /** Counters of what the store has done since it was opened. */
    public StoreStats stats() {
        return manager.stats();
    }

    /**
     * Releases the store and its lock; uncommitted changes are discarded, as by {@link #abort()}.
     *
     * @throws StoreException once the store is closed, if {@linkplain StoreOptions#automaticCollection() automatic
     *     collection} stopped at a failure that no commit reported: the failure is its cause, but for a commit of the
     *     collection's own that is durable and was not applied, reported as a {@link StoreClosedException} (the next
     *     open's recovery applies it); an {@link Error} is thrown as it is
     */
    @Override
    public void close() {
        uninterrupted(() -> {
            manager.close();
            return null;
        });
    }

    @Override
    public String toString() {
        return "ObjectStore[" + manager.directory() + (manager.isClosed() ? ", closed]" : "]");
    }
}
