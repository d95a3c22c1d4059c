// =====================================================================================
// Ghost-cell (border) policies, shared by every Convolab kernel.
//
// The same definitions live in Java (org.convolab.core.BorderPolicy and its subtypes). Both are
// checked against one table of indices (core BorderTable): the Java side by BorderPolicyTest, this
// function on a GPU by CudaEngineGpuTest.borderHeaderMatchesJavaPolicies. BorderPolicyTest also
// reads this file and checks the codes below against BorderPolicy.code().
// =====================================================================================
#pragma once

#define CONVOLAB_BORDER_CONSTANT 0
#define CONVOLAB_BORDER_CLAMP    1
#define CONVOLAB_BORDER_REFLECT  2
#define CONVOLAB_BORDER_MIRROR   3
#define CONVOLAB_BORDER_WRAP     4

// Maps a coordinate i (any integer) onto 0..n-1 under the policy, or returns -1 where the
// policy gives the constant instead of a pixel. Folds again and again, so it holds for masks
// larger than the image (as SciPy does), and n == 1 gives 0 for every policy but constant.
__host__ __device__ __forceinline__ int convolab_border_index(int i, int n, int policy)
{
    if (i >= 0 && i < n) return i;
    switch (policy) {
    case CONVOLAB_BORDER_CLAMP:
        return i < 0 ? 0 : n - 1;
    case CONVOLAB_BORDER_REFLECT: {        // dcba|abcd|dcba : period 2n
        int p = 2 * n;
        int m = i % p; if (m < 0) m += p;
        return m < n ? m : p - 1 - m;
    }
    case CONVOLAB_BORDER_MIRROR: {         // dcb|abcd|cba : period 2n-2
        if (n == 1) return 0;
        int p = 2 * n - 2;
        int m = i % p; if (m < 0) m += p;
        return m < n ? m : p - m;
    }
    case CONVOLAB_BORDER_WRAP: {           // abcd|abcd : period n
        int m = i % n; if (m < 0) m += n;
        return m;
    }
    default:                               // constant (zero is constant 0)
        return -1;
    }
}
