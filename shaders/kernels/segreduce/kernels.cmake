# Segmented reduce and reduce-by-key (src/prims/segreduce.c): its kernels, in the row format of cmake/shaders.cmake
# (mgpu_kernels).
mgpu_kernels(FIRST 16
  "segreduce_partition|MGPU_KERNEL_SEGREDUCE_PARTITION|I32|ON|segreduce"
  "segreduce|MGPU_KERNEL_SEGREDUCE|U32,I32,F32,U64,I64,F64|ON|segreduce"
  "segreduce_spine|MGPU_KERNEL_SEGREDUCE_SPINE|U32,I32,F32,U64,I64,F64|ON|segreduce"
  "segreduce_keys|MGPU_KERNEL_SEGREDUCE_KEYS|U32|ON|segreduce")
mgpu_kernels(FIRST 33
  "segreduce_clear|MGPU_KERNEL_SEGREDUCE_CLEAR|I32|OFF|segreduce"
  "segreduce_lookback|MGPU_KERNEL_SEGREDUCE_LOOKBACK|U32,I32,F32,U64,I64,F64|ON|segreduce")
