// r 3 shapes with more outputs down y (PY 6 and 8) beside the app's M shape.
#define NEW_LIST(X) \
    X(3, 64, 4, 4, 3, 3, 4, 4) X(3, 64, 4, 8, 3, 2, 4, 4) X(3, 64, 2, 8, 3, 4, 4, 4) X(3, 64, 4, 6, 3, 2, 4, 2)          \
    X(3, 64, 4, 8, 3, 2, 8, 4) X(3, 32, 8, 8, 3, 2, 4, 4) X(3, 64, 2, 6, 3, 4, 4, 2) X(3, 64, 4, 8, 4, 2, 4, 4)
#include "sep3d.cu"
