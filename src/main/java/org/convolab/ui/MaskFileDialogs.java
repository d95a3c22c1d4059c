package org.convolab.ui;

import java.io.File;
import javafx.stage.FileChooser;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask3D;
import org.convolab.io.MaskFiles;
import org.convolab.io.VolumeMaskFiles;

/**
 * Mask › Load Mask and Save Mask: ImageJ's text format (rows of weights), a libvips matrix (.mat, its scale folded
 * into the weights), as io.MaskFiles reads and writes them; a 3D mask as text with its slices separated by a line
 * of {@code ---}, or as a multi-page TIFF (one page a z slice, as point-spread functions are stored), as
 * io.VolumeMaskFiles reads them.
 */
final class MaskFileDialogs {
    private final FileActions files;
    private final MainModel model;

    MaskFileDialogs(FileActions files, MainModel model) {
        this.files = files;
        this.model = model;
    }

    void loadMask() {
        File f = maskChooser("Load mask").showOpenDialog(files.stage());
        if (f != null) {
            try {
                java.util.Optional<Mask3D> v = VolumeMaskFiles.read(f.toPath());
                if (v.isPresent()) {
                    model.masks().slice.set(v.get().depth() / 2);
                    model.edit(model.current().withVolume(v.get()));
                } else {
                    model.edit(model.current().withMask(MaskFiles.read(f.toPath())));
                }
            } catch (ConvolabException e) {
                files.error("Cannot load the mask", e.getMessage());
            }
        }
    }

    void saveMask() {
        EditState s = model.current();
        FileChooser fc = maskChooser("Save mask");
        fc.setInitialFileName(s.mask().width() + "x" + s.mask().height() + (s.is3d() ? "x" + s.volume().depth() : "") + "-mask.txt");
        File f = fc.showSaveDialog(files.stage());
        if (f != null) {
            try {
                if (s.is3d()) {
                    VolumeMaskFiles.write(s.volume(), f.toPath());
                } else {
                    MaskFiles.write(s.mask(), f.toPath());
                }
                model.say("Saved mask " + f);
            } catch (ConvolabException e) {
                files.error("Cannot save the mask", e.getMessage());
            }
        }
    }

    private FileChooser maskChooser(String title) {
        FileChooser fc = files.chooser(title);
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("ImageJ mask (*.txt)", "*.txt"),
                new FileChooser.ExtensionFilter("libvips matrix (*.mat)", "*.mat"),
                new FileChooser.ExtensionFilter("3D mask as a multi-page TIFF (*.tif)", "*.tif", "*.tiff"),
                new FileChooser.ExtensionFilter("All files", "*"));
        return fc;
    }
}
