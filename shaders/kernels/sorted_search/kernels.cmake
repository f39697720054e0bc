# Sorted search (src/prims/sorted_search.c), partitioned by merge_partition: its kernels, in the row format of
# cmake/shaders.cmake (mgpu_kernels).
mgpu_kernels(FIRST 15
  "sorted_search|MGPU_KERNEL_SORTED_SEARCH|U32,I32,F32,U64,I64,F64|OFF|sorted_search")
