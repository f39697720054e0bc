# Merge (src/prims/merge.c); merge_partition also partitions mergesort's passes, the sorted search and the joins: its
# kernels, in the row format of cmake/shaders.cmake (mgpu_kernels).
mgpu_kernels(FIRST 5
  "merge_partition|MGPU_KERNEL_MERGE_PARTITION|U32,I32,F32,U64,I64,F64|ON|merge"
  "merge|MGPU_KERNEL_MERGE|U32,I32,F32,U64,I64,F64|OFF|merge")
