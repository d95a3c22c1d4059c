// Round eleven, call R: the 16 x 64 and 32 x 32 lean variants beside the app's r 7 kernel (sep3l.cu's harness), at
// z chunks 96 and 512 and (negative chunks) whole-depth sweeps whose tile rows start at different slices
// (sep3lean.cuh's ROT: row y starts at slice y * ROT % d, runs to the end, then from 0). The app's kernel takes no
// negative chunk: its check lines at -3 and -40 are expected to fail and mean nothing.
#define SEP3L_ROT true
#define APP_LIST(X) X(7, 32, 8, 4, 4, 2, 4)
#define LV_LIST(X)                                                                                                 \
    X(7, 16, 16, 4, 4, 2, 4, true, 4, 20, 48, true, 1) X(7, 32, 8, 4, 4, 2, 4, true, 4, 32, 48, true, 1)
#include "sep3l.cu"
