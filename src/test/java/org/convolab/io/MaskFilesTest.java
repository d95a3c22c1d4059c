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
    void aDeviceOrPipeIsNamedByItsWholePath() {
        Path devNull = Path.of("/dev/null");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(devNull), "no /dev/null on this system");
        assertThatThrownBy(() -> MaskFiles.read(devNull)).hasMessage("/dev/null holds no weights");
    }

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

    @Test
    void aLibvipsMatrixGivesItsScaleAndOffset() throws Exception {
        Path f = Files.writeString(dir.resolve("blur.mat"), "3 3 16 2.5\n1 2 1\n2 4 2\n1 2 1\n");
        MaskFiles.Matrix m = MaskFiles.readMatrix(f);
        assertThat(m.mask()).isEqualTo(Mask.of(3, 3, 1, 2, 1, 2, 4, 2, 1, 2, 1));
        assertThat(m.divisor()).isEqualTo(16f);
        assertThat(m.offset()).isEqualTo(2.5f);
        Path plain = Files.writeString(dir.resolve("plain.mat"), "3 1\r\n-1 0 1\r\n");
        assertThat(MaskFiles.readMatrix(plain)).isEqualTo(new MaskFiles.Matrix(Mask.of(3, 1, -1, 0, 1), 1f, 0f));
        assertThat(MaskFiles.readMatrix(Files.writeString(dir.resolve("text.txt"), "3 3 16\n")).mask().width())
                .as("a text mask's first line is a row, not a header").isEqualTo(3);
    }

    @Test
    void readAloneFoldsTheScaleIntoTheWeightsAndRefusesAnOffset() throws Exception {
        Path f = Files.writeString(dir.resolve("blur.mat"), "3 1 4\n1 2 1\n");
        assertThat(MaskFiles.read(f)).isEqualTo(Mask.of(3, 1, 0.25f, 0.5f, 0.25f));
        Path off = Files.writeString(dir.resolve("off.mat"), "1 1 1 128\n1\n");
        assertThatThrownBy(() -> MaskFiles.read(off)).hasMessageContaining("has offset 128");
    }

    @Test
    void matrixErrorsNameTheLineAndWhatIsWrong() throws Exception {
        assertThatThrownBy(() -> MaskFiles.readMatrix(Files.writeString(dir.resolve("a.mat"), "3 3 1 0\n1 2 1\n2 x 2\n1 2 1\n")))
                .hasMessage("a.mat line 3, column 2: 'x' is not a number");
        assertThatThrownBy(() -> MaskFiles.readMatrix(Files.writeString(dir.resolve("b.mat"), "3 3\n1 2 1\n2 4 2\n")))
                .hasMessage("b.mat: the header says 3x3 but the rows give 3x2");
        assertThatThrownBy(() -> MaskFiles.readMatrix(Files.writeString(dir.resolve("c.mat"), "3 3 0\n1 2 1\n2 4 2\n1 2 1\n")))
                .hasMessageStartingWith("c.mat line 1: scale 0");
        assertThatThrownBy(() -> MaskFiles.readMatrix(Files.writeString(dir.resolve("d.mat"), "three 3\n1 2 1\n")))
                .hasMessage("d.mat line 1: the width 'three' is not a whole number");
        assertThatThrownBy(() -> MaskFiles.readMatrix(Files.writeString(dir.resolve("e.mat"), "1 2 1 0 5\n1\n2\n")))
                .hasMessage("e.mat line 1: a libvips matrix starts with 'width height [scale [offset]]', not '1 2 1 0 5'");
    }

    @Test
    void aMatrixWrittenReadsBackWithItsMapping() {
        Path f = dir.resolve("saved.mat");
        MaskFiles.Matrix m = new MaskFiles.Matrix(Mask.of(3, 3, 0, -1, 0, -1, 5.5f, -1, 0, -1, 0), 3f, 128f);
        MaskFiles.write(m, f);
        assertThat(MaskFiles.readMatrix(f)).isEqualTo(m);
        assertThatThrownBy(() -> MaskFiles.write(m, dir.resolve("saved.txt"))).hasMessageContaining("save as .mat");
        MaskFiles.write(m.mask(), dir.resolve("plain.mat"));
        assertThat(MaskFiles.readMatrix(dir.resolve("plain.mat"))).isEqualTo(new MaskFiles.Matrix(m.mask(), 1f, 0f));
    }
}
