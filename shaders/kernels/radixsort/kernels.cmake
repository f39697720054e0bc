# Radix sort (src/prims/radixsort.c): its kernels, in the row format of cmake/shaders.cmake (mgpu_kernels).
mgpu_kernels(FIRST 8
  "radix_count|MGPU_KERNEL_RADIX_COUNT|U32,I32,F32,U64,I64,F64|OFF|radixsort"
  "radix_scatter|MGPU_KERNEL_RADIX_SCATTER|U32,I32,F32,U64,I64,F64|ON|radixsort"
  "radix_histogram|MGPU_KERNEL_RADIX_HISTOGRAM|U32,I32,F32,U64,I64,F64|OFF|radixsort"
  "radix_onesweep|MGPU_KERNEL_RADIX_ONESWEEP|U32,I32,F32,U64,I64,F64|ONLY|radixsort"
  "radix_small|MGPU_KERNEL_RADIX_SMALL|U32,I32,F32,U64,I64,F64|ONLY|radixsort")
