// Round eleven, call S: the 16 x 64 lean variant (call L's fastest) with SPLIT 2 partial sums and with 3 slabs, and
// the 32 x 32 one with SPLIT 2, beside the app's r 7 kernel, at z chunks up to the whole depth (sep3l.cu's harness).
#define APP_LIST(X) X(7, 32, 8, 4, 4, 2, 4)
#define LV_LIST(X)                                                                                                 \
    X(7, 16, 16, 4, 4, 2, 4, true, 4, 20, 48, true, 1) X(7, 16, 16, 4, 4, 2, 4, true, 4, 20, 48, true, 2)          \
    X(7, 16, 16, 4, 3, 2, 4, true, 4, 20, 48, true, 1) X(7, 32, 8, 4, 4, 2, 4, true, 4, 32, 48, true, 2)
#include "sep3l.cu"
