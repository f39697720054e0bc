# Multiset operations (src/prims/sets.c; its partitions are the merge's): its kernel, in the row format of
# cmake/shaders.cmake (mgpu_kernels).
mgpu_kernels(FIRST 28
  "sets|MGPU_KERNEL_SETS|U32,I32,F32,U64,I64,F64|ON|sets")
