package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MaskFilesTest {

    @TempDir
    Path dir;

    @Test
    void writesAndReadsImageJText() throws Exception {
        Mask m = MaskPresets.parse("sobel-x");
        Path f = dir.resolve("sobel.txt");
        MaskFiles.write(m, f);
        assertThat(Files.readString(f)).contains("-1 0 1\n-2 0 2\n-1 0 1\n");
        assertThat(MaskFiles.read(f)).isEqualTo(m);
    }

    @Test
    void errorsNameTheFileLineAndColumn() throws Exception {
        Path f = Files.writeString(dir.resolve("bad.txt"), "# header\n1 2 3\n1 two 3\n");
        assertThatThrownBy(() -> MaskFiles.read(f)).hasMessage("bad.txt line 3, column 2: 'two' is not a number");
        assertThatThrownBy(() -> MaskFiles.read(dir.resolve("none.txt"))).hasMessageContaining("no such file");
    }

    @Test
    void aByteOrderMarkIsAcceptedAndAFolderSaysItIsAFolder() throws Exception {
        Path bom = Files.writeString(dir.resolve("bom.txt"), "\uFEFF1 2 1\n2 4 2\n1 2 1\n");
        assertThat(MaskFiles.read(bom)).isEqualTo(Mask.of(3, 3, 1, 2, 1, 2, 4, 2, 1, 2, 1));
        Path folder = Files.createDirectory(dir.resolve("masks"));
        assertThatThrownBy(() -> MaskFiles.read(folder)).hasMessage("cannot read mask file " + folder + ": it is a folder, not a mask file");
    }

    @Test
    void aMissingNumberBetweenCommasIsAnError() throws Exception {
        Path f = Files.writeString(dir.resolve("commas.txt"), "1,,1\n");
        assertThatThrownBy(() -> MaskFiles.read(f)).hasMessageStartingWith("commas.txt line 1, column 2: a number is missing");
        Path ok = Files.writeString(dir.resolve("ok.txt"), "1, 2 ,1\n");
        assertThat(MaskFiles.read(ok)).isEqualTo(Mask.of(3, 1, 1, 2, 1));
    }
}
