/**
 * The object manager: Java objects over the segment store of {@code org.swizzle.store}. Nothing here is for
 * applications; {@link org.swizzle.ObjectStore} is their door. The classes are public only where code the agent
 * generates into persistent classes, or another package of Swizzle, must call them.
 *
 * <p><b>The fault path.</b> Every access to a stored field of a {@code @Persistent} class goes through an accessor
 * the agent generated (see {@code org.swizzle.agent.AccessorGenerator}), whose residency check reads
 * {@code $swz_word} ({@link org.swizzle.internal.StateWord}); an access that repeats a check just made, or follows
 * {@code checks=entry}'s check of {@code this}, uses one without. A hollow object calls
 * {@link org.swizzle.internal.Faults#fault}, which reaches its store's manager {@linkplain
 * org.swizzle.internal.OutOfLine out of line} through {@link org.swizzle.internal.OpenStores}.
 * {@link org.swizzle.internal.ObjectManager#fault} fills the object in place, with the rest of its
 * {@link org.swizzle.internal.FaultUnit}: it reads the committed bytes from the store, and the
 * {@link org.swizzle.internal.ReadPlan} of the object's class and stored {@link org.swizzle.internal.Shape} has the
 * generated {@code $swz_read} take each field from an {@link org.swizzle.internal.ObjectReader}. A reference becomes
 * the resident instance of its OID, or a new hollow one made from the class's
 * {@link org.swizzle.internal.ClassLayout} without reading its target (the
 * {@link org.swizzle.internal.ResidentTable} keeps one Java object per OID); a collection becomes its tracked
 * instance ({@link org.swizzle.internal.ContainerCodec}, {@link org.swizzle.internal.CollectionFill}); a value is
 * read by the codec its {@link org.swizzle.internal.ValueKind} names. The object is given a card address by
 * {@link org.swizzle.internal.ResidentSpace} under barriers that place objects, published resident, and counted by the
 * {@link org.swizzle.internal.Budget}, which re-hollows the clean objects made resident longest ago once it is
 * passed. Under {@code swizzle=edge} and {@code none} a reference field keeps its {@link
 * org.swizzle.internal.StoredReference} beside the Java field, resolved by {@link org.swizzle.internal.References}.
 *
 * <p><b>The commit path.</b> A store to a field runs the write barrier the agent compiled in for the
 * {@link org.swizzle.internal.Barrier} chosen: a {@link org.swizzle.internal.CardTable} mark, the
 * {@link org.swizzle.internal.RememberedSet}, a dirty bit ({@link org.swizzle.internal.WriteBarrier}) or nothing.
 * The owner of an array handed to code that may write it is watched ({@link org.swizzle.internal.Escapes}); element stores into
 * a large array mark its pages ({@link org.swizzle.internal.ArrayEdits}, {@link org.swizzle.internal.PageMarks});
 * tracked collections report to their attachment ({@code org.swizzle.internal.tracked}).
 * {@link org.swizzle.internal.ObjectManager#commit} gathers the candidates from its
 * {@link org.swizzle.internal.UpdateDetector}, the watched objects, the arrays with marked pages
 * ({@link org.swizzle.internal.PagedArrays}) and the changed collections ({@link
 * org.swizzle.internal.StoredCollections}); writes the {@link org.swizzle.internal.Roots} if they changed;
 * unswizzles each candidate with the generated {@code $swz_write} into an {@link org.swizzle.internal.ObjectWriter},
 * whose references to new objects and collections the manager makes stored; and puts the images into a
 * {@code Transaction} of the store, which compares each with its committed bytes and logs only what differs. The
 * {@link org.swizzle.internal.Catalog} of classes and shapes is written when it changed, the indexes ({@link
 * org.swizzle.internal.HashIndex}) and the {@link org.swizzle.internal.Collector}'s sweep take their share, and
 * the transaction commits: one WAL block if anything differs, forced under {@code syncOnCommit}, applied, then a
 * checkpoint if the log is past its limit. Last, the new objects are installed resident and
 * the detector is reset. {@code abort()} re-hollows what changed and gives kept arrays and maps their committed
 * contents back ({@link org.swizzle.internal.KeptArrays}, {@link org.swizzle.internal.MapRestore}).
 *
 * <p><b>One rule, one place.</b> Which field types can be stored: {@link org.swizzle.internal.StoredTypes}, shared
 * with the agent. The stored value format: {@link org.swizzle.internal.ValueKind} and its codecs. The agent's
 * options: {@link org.swizzle.internal.AgentOptions}. How a stored shape loads into a running class:
 * {@link org.swizzle.internal.ReadPlan}.
 */
package org.swizzle.internal;
