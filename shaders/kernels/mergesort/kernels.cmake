# Mergesort (src/prims/mergesort.c), whose passes after the blocksort are merges: its kernels, in the row format of
# cmake/shaders.cmake (mgpu_kernels).
mgpu_kernels(FIRST 7
  "mergesort_block|MGPU_KERNEL_MERGESORT_BLOCK|U32,I32,F32,U64,I64,F64|OFF|mergesort")
