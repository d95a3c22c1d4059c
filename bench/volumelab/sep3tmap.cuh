// Host side of the lab's tensor copies (sep3x, sep3mc, sep3tm): the driver's cuTensorMapEncodeTiled through the
// runtime (no libcuda at link time here) and the 3D map of a float volume with a given box. The app's own maps are
// made by cuda.TensorMaps (JNA); these follow it (no interleave, no swizzle, zero fill outside the volume).
#pragma once
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

static PFN_cuTensorMapEncodeTiled_v12000 encode_tiled() {
    static PFN_cuTensorMapEncodeTiled_v12000 f = nullptr;
    if (!f) {
        cudaDriverEntryPointQueryResult q;
        CK(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", (void**)&f, 12000, cudaEnableDefault, &q));
        if (q != cudaDriverEntryPointSuccess || !f) { printf("no cuTensorMapEncodeTiled\n"); exit(1); }
    }
    return f;
}

// The maps' L2 promotion: SEP3_L2=0, 64, 128 (the app's, TensorMaps, since round ten's call Z) or 256 bytes.
static CUtensorMapL2promotion l2_promotion() {
    const char* e = getenv("SEP3_L2");
    const int b = e ? atoi(e) : 128;
    return b == 0 ? CU_TENSOR_MAP_L2_PROMOTION_NONE : b == 64 ? CU_TENSOR_MAP_L2_PROMOTION_L2_64B
         : b == 128 ? CU_TENSOR_MAP_L2_PROMOTION_L2_128B : CU_TENSOR_MAP_L2_PROMOTION_L2_256B;
}

// The 3D tensor map of a w x h x d float volume at base whose copies bring a bw x bh x 1 box; false (and a line) where
// the driver refuses it (a width not a multiple of 4: the row stride must be a multiple of 16 bytes).
static bool lab_tensor_map(ConvolabTensorMap& m, const float* base, int w, int h, int d, int bw, int bh) {
    memset(&m, 0, sizeof m);
    cuuint64_t dims[3] = {(cuuint64_t)w, (cuuint64_t)h, (cuuint64_t)d};
    cuuint64_t strides[2] = {(cuuint64_t)w * 4, (cuuint64_t)w * h * 4};
    cuuint32_t box[3] = {(cuuint32_t)bw, (cuuint32_t)bh, 1};
    cuuint32_t es[3] = {1, 1, 1};
    CUresult r = encode_tiled()(reinterpret_cast<CUtensorMap*>(&m), CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, (void*)base, dims,
                                strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, l2_promotion(),
                                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
        printf("cuTensorMapEncodeTiled: error %d (w %d h %d d %d box %d x %d)\n", (int)r, w, h, d, bw, bh);
        return false;
    }
    return true;
}
