package org.swizzle.it.bad;

import org.swizzle.Persistent;

/** Refused at enhancement: its superclass is neither Object nor persistent. */
@Persistent
public class BadSuper extends NotAnnotated {
    public int more;
}
