// Round nine: more slabs in flight (STAGES 4 and 5) beside the app's 3, over z chunks (calls H and I): the app's M shape
// at r 3, and its L shape at r 4-7.
#define OLD_LIST(X)
#ifndef NEW_LIST
#define NEW_LIST(X) X(3, 64, 4, 4, 3, 3, 4, 4) X(3, 64, 4, 4, 4, 3, 4, 4) X(3, 64, 4, 4, 5, 3, 4, 4)                  \
    X(4, 32, 8, 4, 3, 2, 4, 4) X(4, 32, 8, 4, 4, 2, 4, 4) X(5, 32, 8, 4, 3, 2, 4, 4) X(5, 32, 8, 4, 4, 2, 4, 4)   \
    X(6, 32, 8, 4, 3, 2, 4, 4) X(6, 32, 8, 4, 4, 2, 4, 4)                                                      \
    X(7, 32, 8, 4, 3, 2, 4, 4) X(7, 32, 8, 4, 4, 2, 4, 4) X(7, 32, 8, 4, 5, 2, 4, 4)
#endif
#include "sep3d.cu"
