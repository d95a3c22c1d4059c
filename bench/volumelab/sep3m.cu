// The app's shapes at r 1, 2, 3 and 7 (S ZU 2, S ZU 2, M ZU 4, L ZU 4): built once from the kernels before a change and
// once after, and timed in one run (round eight: the slab load's fast path).
#define NEW_LIST(X) X(1, 64, 8, 4, 3, 2, 4, 2) X(2, 64, 8, 4, 3, 2, 4, 2) X(3, 64, 4, 4, 3, 3, 4, 4) X(7, 32, 8, 4, 3, 2, 4, 4)
#include "sep3d.cu"
