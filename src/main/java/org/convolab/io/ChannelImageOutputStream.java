package org.convolab.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import javax.imageio.stream.ImageOutputStreamImpl;

/**
 * An ImageIO output stream straight into a file channel, with seeking: the TIFF and BMP writers go back
 * to fill in offsets, and with ImageIO's cache off (as Convolab runs it) {@code ImageIO.createImageOutputStream}
 * would hold the whole encoded file in memory for that (900 MB for a 300-megapixel TIFF). Reads and
 * writes go to the stream position; the channel is left open (its owner syncs and closes it).
 */
final class ChannelImageOutputStream extends ImageOutputStreamImpl {
    private final FileChannel channel;

    ChannelImageOutputStream(FileChannel channel) throws IOException {
        this.channel = channel;
        this.streamPos = channel.position();
        this.flushedPos = streamPos;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 1 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        checkClosed();
        bitOffset = 0;
        if (len == 0) {
            return 0;
        }
        int n = channel.read(ByteBuffer.wrap(b, off, len), streamPos);
        if (n > 0) {
            streamPos += n;
        }
        return n;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        flushBits();
        ByteBuffer buf = ByteBuffer.wrap(b, off, len);
        while (buf.hasRemaining()) {
            streamPos += channel.write(buf, streamPos);
        }
    }

    @Override
    public long length() {
        try {
            checkClosed();
            return channel.size();
        } catch (IOException e) {
            return -1L;
        }
    }

    @Override
    public void seek(long pos) throws IOException {
        checkClosed();
        if (pos < flushedPos) {
            throw new IndexOutOfBoundsException("pos < flushedPos");
        }
        bitOffset = 0;
        streamPos = pos;
    }

    /** Leaves the channel at the end of what was written, open. */
    @Override
    public void close() throws IOException {
        channel.position(Math.max(channel.position(), channel.size()));
        super.close();
    }
}
