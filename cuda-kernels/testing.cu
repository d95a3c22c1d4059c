// =====================================================================================
// TEST-ONLY KERNELS. Nothing on a filter's path launches these: CudaEngine.borderTable (the
// border-policy test) and CudaFaultInjector (the convolab.cuda.faultEvery property of the
// reliability tests) do. They are in the fatbin so that the GPU tests run the build's own module.
// =====================================================================================
#include "border.cuh"

// =====================================================================================
// Border table: out[k] = convolab_border_index(first + k, n, policy), for testing the header
// against the Java definition with one table.
// =====================================================================================
extern "C" __global__ void convolab_border_table(int policy, int n, int first, int count,
                                                 int* __restrict__ out)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < count) out[k] = convolab_border_index(first + k, n, policy);
}

// =====================================================================================
// Fault injection (reliability tests only): writes through a null pointer, which the driver
// reports as CUDA_ERROR_ILLEGAL_ADDRESS, a sticky error that poisons the context. The engine
// launches it only when the convolab.cuda.faultEvery property asks for it.
// =====================================================================================
extern "C" __global__ void convolab_fault(int* __restrict__ nowhere)
{
    nowhere[threadIdx.x] = 1;
}
