package org.convolab.ui;

/** What View › Export as PNG takes a picture of. */
enum ExportTarget {
    /** The input and output views with the timing overlay. */
    IMAGES("convolab-images"),
    /** The classroom window's current tab. */
    CLASSROOM("convolab-classroom"),
    /** The compare window's table and chart. */
    COMPARE("convolab-compare");

    /** The suggested file name, without extension. */
    final String fileName;

    ExportTarget(String fileName) {
        this.fileName = fileName;
    }
}
