// The app's r 3 (M) and r 7 (L) shapes alone, for Nsight Compute (NCU=1 sep3n time): round eight's counters.
#define NEW_LIST(X) X(3, 64, 4, 4, 3, 3, 4, 4) X(7, 32, 8, 4, 3, 2, 4, 4)
#include "sep3d.cu"
