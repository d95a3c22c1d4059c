/**
 * The CPU backend: the double-precision reference filter that defines the right answer, and the
 * fast float engine (separable rows/columns or 2D, across cores) that stands in when no GPU is
 * there.
 *
 * <p>May import: org.convolab.core and the JDK. Not cuda, engine, io, cli or ui: callers reach it
 * through org.convolab.engine.Engines.
 */
package org.convolab.cpu;
