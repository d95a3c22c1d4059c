// Round ten, call W: the app's r 7 shape with both loaders only (sep3x.cu's harness), for Nsight Compute: why the
// tensor copies lose at r 7 (call Z) where they win at r 1-4.
#define X3_LIST(X) X(7, 32, 8, 4, 4, 2, 4, 96) X(3, 64, 4, 4, 4, 3, 4, 26)
#include "sep3x.cu"
