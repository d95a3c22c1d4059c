package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one rule for "is this output one of the inputs": files as the file system resolves them. */
class FileIdentityTest {

    @TempDir
    Path dir;

    @Test
    void aDotDotAfterALinkIsTheLinkTargetsParentNotTheTextualOne() throws Exception {
        Path x = Files.writeString(dir.resolve("x.png"), "input");
        Path other = Files.createDirectories(dir.resolve("elsewhere/deep"));
        Path lnk = Files.createSymbolicLink(dir.resolve("lnk"), other);
        Path viaLink = lnk.resolve("../x.png"); // the OS: elsewhere/x.png, not dir/x.png
        assertThat(FileIdentity.resolved(viaLink)).isEqualTo(dir.toRealPath().resolve("elsewhere/x.png"));
        assertThat(FileIdentity.same(x, viaLink)).isFalse();
        // and where the link's parent holds the input, it is the input
        Path lnk2 = Files.createSymbolicLink(dir.resolve("elsewhere/back"), Files.createDirectories(dir.resolve("sub")));
        assertThat(FileIdentity.same(x, lnk2.resolve("../x.png"))).isTrue();
    }

    @Test
    void linksAndHardLinksAreTheSameFileAndNewNamesCompareByRealFolder() throws Exception {
        Path x = Files.writeString(dir.resolve("x.png"), "input");
        Path soft = Files.createSymbolicLink(dir.resolve("soft.png"), x);
        Path hard = Files.createLink(dir.resolve("hard.png"), x);
        Path folderLink = Files.createSymbolicLink(dir.resolve("here"), dir);
        assertThat(FileIdentity.same(x, soft)).isTrue();
        assertThat(FileIdentity.same(x, hard)).isTrue();
        assertThat(FileIdentity.same(x, folderLink.resolve("x.png"))).isTrue();
        assertThat(FileIdentity.same(dir.resolve("new.png"), folderLink.resolve("new.png"))).isTrue();
        assertThat(FileIdentity.same(x, dir.resolve("y.png"))).isFalse();
    }

    @Test
    void occupiedInputsHoldEveryNameThatReachesThem() throws Exception {
        Path a = Files.writeString(dir.resolve("a.png"), "a");
        Path link = Files.createSymbolicLink(dir.resolve("link"), dir);
        FileIdentity.Occupied inputs = new FileIdentity.Occupied();
        inputs.add(a);
        assertThat(inputs.holds(link.resolve("a.png"))).isTrue();
        assertThat(inputs.holds(Files.createLink(dir.resolve("h.png"), a))).isTrue();
        assertThat(inputs.holds(dir.resolve("b.png"))).isFalse();
    }

    @Test
    void aFolderReachedThroughALinkIsWithinItsTarget() throws Exception {
        Path data = Files.createDirectories(dir.resolve("data/Pictures"));
        Path home = Files.createDirectories(dir.resolve("home"));
        Path pics = Files.createSymbolicLink(home.resolve("Pictures"), data);
        assertThat(FileIdentity.isWithin(pics.resolve("filtered"), data)).isTrue();
        assertThat(FileIdentity.isWithin(pics.resolve("filtered/x"), pics)).isTrue();
        assertThat(FileIdentity.isWithin(home, data)).isFalse();
    }
}
