// Round eight's second sweep: r 3 block shapes around the app's M shape (64x4 threads, 4 down y, 3 blocks an SM) and
// r 7 shapes around L, all with h25d's z unroll ZU 4. Built into .carry/h25e/sep3f; SEP3_ZCH sweeps the z chunks.
#define NEW_LIST(X) \
    X(3, 64, 4, 4, 3, 3, 4, 4) X(3, 64, 2, 4, 3, 6, 4, 4) X(3, 32, 8, 4, 3, 3, 4, 4) X(3, 64, 4, 2, 3, 4, 4, 4)       \
    X(3, 128, 2, 4, 3, 3, 4, 4) X(3, 64, 4, 4, 2, 3, 4, 4) X(3, 64, 4, 4, 3, 4, 4, 4) X(3, 64, 8, 2, 3, 2, 4, 4)      \
    X(3, 32, 4, 4, 3, 6, 4, 4) X(3, 64, 4, 4, 3, 3, 8, 4)                                                            \
    X(7, 32, 8, 4, 3, 2, 4, 4) X(7, 32, 16, 2, 3, 2, 4, 4) X(7, 64, 8, 4, 3, 1, 4, 4) X(7, 32, 8, 4, 3, 2, 8, 4)
#include "sep3d.cu"
