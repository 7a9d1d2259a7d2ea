package org.swizzle.store;

/** The values read from the header page of a cluster file when it is opened. */
record ClusterHeader(int clusterSize, long lastCommit, long nextOid, long nextFree) {
}
