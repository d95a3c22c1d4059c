// =====================================================================================
// The filter's output mapping for 8-bit results, shared by the pack kernel (argb.cu) and the
// fused ARGB kernels (fast.cu): out = clamp(round(acc / divisor + offset), 0, 255), |acc| first
// when abs is set; rounding half up (floor(x + 0.5)), as in the Java reference.
// =====================================================================================
#pragma once

__device__ __forceinline__ unsigned int convolab_to_byte(float acc, float divisor,
                                                         float offset, int abs_first)
{
    if (abs_first) acc = fabsf(acc);
    float v = floorf(acc / divisor + offset + 0.5f);
    v = fminf(fmaxf(v, 0.0f), 255.0f);
    return (unsigned int)v;
}
