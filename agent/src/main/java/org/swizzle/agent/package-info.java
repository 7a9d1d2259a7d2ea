/**
 * The Swizzle Java agent. {@link org.swizzle.agent.SwizzleAgent} installs a
 * {@link org.swizzle.agent.SwizzleTransformer}, which enhances {@code @Persistent} classes (object
 * state, hollow constructor, serializer, field accessors) and rewrites every access to their stored
 * fields into a residency check and a write barrier. Classes are described from their class files
 * through a Byte Buddy type pool, never loaded by the agent.
 */
package org.swizzle.agent;
