/**
 * Files: images in and out through codecs (read with a pixel limit checked from the header, written
 * atomically, never over an existing file unless asked) and masks as ImageJ text. Imports only
 * {@code core}.
 */
package org.convolab.io;
