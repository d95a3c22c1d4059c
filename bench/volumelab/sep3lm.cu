// Round eleven, call M: the lean variants with ZU = 2R+1 (a turn of 15 steps at r 7: the z ring indexed modulo 15,
// never slid, 60 registers instead of 72), beside the same with ZU 4 and the app's kernel (sep3l.cu's harness).
#define APP_LIST(X) X(5, 32, 8, 4, 4, 2, 4) X(6, 32, 8, 4, 4, 2, 4) X(7, 32, 8, 4, 4, 2, 4)
#define LV_LIST(X)                                                                                                 \
    X(7, 16, 16, 4, 4, 2, 4, true, 4, 20, 48, true, 1) X(7, 16, 16, 4, 4, 2, 15, true, 4, 20, 48, true, 1)         \
    X(7, 32, 8, 4, 4, 2, 4, true, 4, 32, 48, true, 1) X(7, 32, 8, 4, 4, 2, 15, true, 4, 32, 48, true, 1)           \
    X(5, 32, 8, 4, 4, 2, 11, true, 4, 32, 48, true, 1) X(6, 32, 8, 4, 4, 2, 13, true, 4, 32, 48, true, 1)
#include "sep3l.cu"
