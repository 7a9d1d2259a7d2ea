package org.swizzle.it.jit;

import java.util.ArrayList;
import java.util.HashMap;

import org.swizzle.Persistent;

/** The holder of the paged collections whose loops {@link InliningTest} inspects. */
@Persistent
public class Shelf {
    ArrayList<Integer> list = new ArrayList<>();
    HashMap<Integer, Integer> map = new HashMap<>();
}
