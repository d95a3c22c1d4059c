package org.convolab.imagej;

import ij.IJ;
import ij.ImagePlus;
import ij.ImageStack;
import ij.Macro;
import ij.gui.GenericDialog;
import ij.plugin.filter.ExtendedPlugInFilter;
import ij.plugin.filter.PlugInFilterRunner;
import ij.process.FloatProcessor;
import ij.process.ImageProcessor;
import java.util.Locale;
import org.convolab.api.Convolab;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Strategy;

/**
 * Plugins › Filters › Convolab Convolve...: ImageJ's Convolve on Convolab's engines (the GPU when one is
 * usable, else the CPU), with every ghost-cell policy and strategy. 8-bit grey, 16-bit, 32-bit and RGB images,
 * whole stacks, selections as ImageJ's filters respect them. The options are macro-recordable:
 * <pre>run("Convolab Convolve...", "mask=[1 2 1;2 4 2;1 2 1] border=mirror strategy=auto backend=auto normalize");</pre>
 * ImageJ's log gets one line a run saying which engine ran, on what, with which kernels.
 *
 * <p>The name has an underscore so that ImageJ also takes the class as a plugin without plugins.config.
 */
@SuppressWarnings("checkstyle:TypeName")
public class Convolab_Convolve implements ExtendedPlugInFilter {

    /** The command's name in ImageJ's menus and in macros. */
    public static final String COMMAND = "Convolab Convolve...";

    /**
     * What the command takes. DOES_STACKS is added by {@link IJ#setupDialog} when the user (or the macro's
     * {@code stack} keyword) asks for the whole stack, as ImageJ's own filters do.
     */
    private static final int FLAGS = DOES_8G | DOES_16 | DOES_32 | DOES_RGB | SUPPORTS_MASKING | FINAL_PROCESSING;

    /** The last settings of this session, the dialog's defaults (ImageJ filters remember theirs). */
    private static ConvolveOptions last = ConvolveOptions.DEFAULTS;

    private ImagePlus imp;
    private ConvolveOptions options;
    private Convolab lab;
    private FilterSpec spec;
    private Strategy strategy;
    private ImageStack floatStack;
    private LaunchPlan plan;
    private int slices;
    private long nanos;
    private boolean failed;

    @Override
    public int setup(String arg, ImagePlus image) {
        if ("final".equals(arg)) {
            finish();
            return DONE;
        }
        this.imp = image;
        return FLAGS;
    }

    @Override
    public int showDialog(ImagePlus image, String command, PlugInFilterRunner pfr) {
        String macro = Macro.getOptions();
        ConvolveOptions o;
        if (macro != null) {
            // a macro line means the same whatever ran before: missing keys take the defaults, not the last run's
            o = ConvolveOptions.fromMacro(macro, ConvolveOptions.DEFAULTS);
        } else {
            o = ask(command);
            if (o == null) {
                return DONE;
            }
        }
        try {
            spec = o.spec();
            strategy = o.parsedStrategy();
            strategy.checkApplicable(spec.mask());
            boolean toFloat = o.floatOutput();
            if (toFloat && image.getBitDepth() == 24) {
                throw new ConvolabException("32-bit output is for 8-bit, 16-bit and 32-bit images; an RGB image is filtered in place (output=same)");
            }
            lab = SharedEngines.get(o.backend());
            options = o;
            last = o;
            int flags = IJ.setupDialog(image, FLAGS);
            if (toFloat) {
                floatStack = new ImageStack(image.getWidth(), image.getHeight());
                int n = (flags & DOES_STACKS) != 0 ? image.getStackSize() : 1;
                for (int i = 0; i < n; i++) {
                    floatStack.addSlice(null, new FloatProcessor(image.getWidth(), image.getHeight()));
                }
                flags |= NO_CHANGES;
            }
            return flags;
        } catch (ConvolabException e) {
            IJ.error("Convolab Convolve", e.getMessage());
            return DONE;
        }
    }

    /** The dialog; null when cancelled. The labels' first words are the macro keys {@link ConvolveOptions} reads. */
    private static ConvolveOptions ask(String command) {
        GenericDialog gd = new GenericDialog(command);
        gd.addStringField("Mask", last.mask(), 30);
        gd.addFileField("Mask_file", last.maskFile());
        gd.addMessage("Mask: rows separated by ';' (1 2 1;2 4 2;1 2 1), or a preset (gaussian:2, box:5, sobel-x).\n"
                + "A mask file (text rows or a libvips .mat) replaces it when given.");
        gd.addChoice("Border", ConvolveOptions.BORDERS.toArray(new String[0]), last.border());
        gd.addChoice("Strategy", java.util.Arrays.stream(Strategy.values()).map(Strategy::id).toArray(String[]::new),
                last.strategy());
        gd.addChoice("Backend", ConvolveOptions.BACKENDS.toArray(new String[0]), last.backend());
        gd.addCheckbox("Normalize", last.normalize());
        gd.addChoice("Output", ConvolveOptions.OUTPUTS.toArray(new String[0]), last.output());
        gd.showDialog();
        if (gd.wasCanceled()) {
            return null;
        }
        return new ConvolveOptions(gd.getNextString(), gd.getNextString(), gd.getNextChoice(), gd.getNextChoice(),
                gd.getNextChoice(), gd.getNextBoolean(), gd.getNextChoice());
    }

    @Override
    public void setNPasses(int nPasses) {
        // one pass a slice; ImageJ's progress bar counts slices itself
    }

    @Override
    public void run(ImageProcessor ip) {
        if (failed) {
            return;
        }
        long t0 = System.nanoTime();
        try {
            if (floatStack != null) {
                Convolab.PlanesResult r = ProcessorFilter.toFloat(ip, lab, spec, strategy);
                int slice = Math.max(1, Math.min(floatStack.getSize(), floatStack.getSize() == 1 ? 1 : ip.getSliceNumber()));
                floatStack.setPixels(r.plane(), slice);
                plan = r.plan();
            } else {
                plan = ProcessorFilter.inPlace(ip, lab, spec, strategy);
            }
            slices++;
        } catch (ConvolabException e) {
            failed = true;
            IJ.error("Convolab Convolve", e.getMessage());
        }
        nanos += System.nanoTime() - t0;
    }

    /** After the last slice: the log line, and the new 32-bit image when one was asked for. */
    private void finish() {
        if (lab == null || plan == null) {
            return;
        }
        IJ.log(String.format(Locale.ROOT, "Convolab Convolve: %s on %s, strategy %s, %d slice%s of %dx%d in %.1f ms (%s)",
                lab.backend(), lab.device(), plan.describe(), slices, slices == 1 ? "" : "s", imp.getWidth(),
                imp.getHeight(), nanos / 1e6, options.toMacro()));
        if (floatStack != null && !failed) {
            ImagePlus out = new ImagePlus(baseTitle(imp.getTitle()) + "-convolab", floatStack);
            out.setCalibration(imp.getCalibration());
            out.resetDisplayRange();
            if (!java.awt.GraphicsEnvironment.isHeadless()) {
                out.show();
            }
            result = out;
        }
    }

    private ImagePlus result;

    /** The 32-bit image of the last run with output=32-bit (also shown where there is a display); for scripts and tests. */
    public ImagePlus floatResult() {
        return result;
    }

    private static String baseTitle(String title) {
        int dot = title.lastIndexOf('.');
        return dot > 0 ? title.substring(0, dot) : title;
    }
}
