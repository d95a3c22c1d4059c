// =====================================================================================
// The filter's output mapping for 8-bit results, shared by the pack kernel (argb.cu) and the
// fused ARGB kernels (fast_argb.cu): out = clamp(floor(acc / divisor + offset + 0.5), 0, 255), |acc|
// first when abs is set; rounding half up, as in the Java reference. Evaluated as written (the
// division, then + offset, then + 0.5), so every path gives the same bits.
// =====================================================================================
#pragma once

// The mapping's constants, decided once a thread. inv is the reciprocal of a power-of-two divisor
// (built from its exponent bits; 0 otherwise): the product with it is the same float as the
// quotient, and costs one multiply instead of the dozen instructions of an IEEE division.
// identity: divisor 1, offset 0, no abs (every normalised mask), where the value is acc + 0.5.
struct ConvolabByteMap {
    float divisor, inv, offset;
    bool abs_first, identity;
};

__device__ __forceinline__ ConvolabByteMap convolab_byte_map(float divisor, float offset, int abs_first)
{
    const unsigned int bits = __float_as_uint(divisor);
    const unsigned int e = (bits >> 23) & 0xffu;
    const bool pow2 = (bits & 0x7fffffu) == 0u && e >= 1u && e <= 253u;
    ConvolabByteMap m;
    m.divisor = divisor;
    m.inv = pow2 ? __uint_as_float((bits & 0x80000000u) | ((254u - e) << 23)) : 0.0f;
    m.offset = offset;
    m.abs_first = abs_first != 0;
    m.identity = divisor == 1.0f && offset == 0.0f && abs_first == 0;
    return m;
}

// The byte for acc. floor and the clamp to 0 come from one conversion (float to unsigned rounds
// down with __float2uint_rd and saturates: negatives and NaN give 0), the clamp to 255 from a min.
// IDENTITY: the caller has checked m.identity once (a kernel body compiled for it), so no
// branch a value.
template <bool IDENTITY = false>
__device__ __forceinline__ unsigned int convolab_map_byte(float acc, const ConvolabByteMap& m)
{
    float v;
    if (IDENTITY || m.identity) {
        v = acc + 0.5f;
    } else {
        if (m.abs_first) acc = fabsf(acc);
        const float q = m.inv != 0.0f ? __fmul_rn(acc, m.inv) : acc / m.divisor;
        v = __fadd_rn(q, m.offset) + 0.5f;
    }
    return min(__float2uint_rd(v), 255u);
}

__device__ __forceinline__ unsigned int convolab_to_byte(float acc, float divisor, float offset, int abs_first)
{
    return convolab_map_byte(acc, convolab_byte_map(divisor, offset, abs_first));
}
