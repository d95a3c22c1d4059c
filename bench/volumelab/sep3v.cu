// Round ten, call V: the tensor copies with an L2 eviction priority (CONVOLAB_TMA_L2_HINT: evict_last, evict_first,
// evict_unchanged), r 3, 4, 5 and 7 in the app's shapes with both loaders (sep3x.cu's harness). The hint is not in
// the app: `git apply bench/results/h100-2026-11-27-round10/v/l2hint.patch` adds it to cuda-kernels/tma.cuh (behind
// #ifdef CONVOLAB_TMA_L2_HINT); then build with  -DCONVOLAB_TMA_L2_HINT=evict_last  beside a build without it.
#define X3_LIST(X) X(3, 64, 4, 4, 4, 3, 4, 26) X(4, 32, 8, 4, 4, 2, 4, 96) X(5, 32, 8, 4, 4, 2, 4, 96) X(7, 32, 8, 4, 4, 2, 4, 96)
#include "sep3x.cu"
