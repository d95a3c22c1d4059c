// Round eleven, call P: sep3l.cu's harness narrowed to the r 7 app kernel and two lean variants, for Nsight Compute.
#define APP_LIST(X) X(7, 32, 8, 4, 4, 2, 4)
#define LV_LIST(X) X(7, 32, 8, 4, 4, 2, 4, true, 4, 32, 48, true, 1) X(7, 16, 16, 4, 4, 2, 4, true, 4, 20, 48, true, 1)
#include "sep3l.cu"
