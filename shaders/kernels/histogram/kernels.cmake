# Histogram (src/prims/histogram.c): its kernel, in the row format of cmake/shaders.cmake (mgpu_kernels).
mgpu_kernels(FIRST 31
  "histogram|MGPU_KERNEL_HISTOGRAM|U32,I32,F32,U64,I64,F64|ON|histogram")
