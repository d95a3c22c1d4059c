// Round eight's third sweep: the app's shapes (S r 1-2, M r 3, L r 7; ZU 4 for M and L) with odd z chunks walking
// down z (SEP3_FLAGS=0,1) over short z chunks. Built into .carry/h25e/sep3g.
#define NEW_LIST(X) \
    X(1, 64, 8, 4, 3, 2, 4, 2) X(2, 64, 8, 4, 3, 2, 4, 2) X(3, 64, 4, 4, 3, 3, 4, 4) X(3, 32, 8, 4, 3, 3, 4, 4)       \
    X(7, 32, 8, 4, 3, 2, 4, 4)
#include "sep3d.cu"
