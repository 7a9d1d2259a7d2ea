package org.swizzle.it.bad;

import org.swizzle.Persistent;

/** Refused at enhancement: a record cannot be made persistent. */
@Persistent
public record PersistentRecord(int value) {
}
