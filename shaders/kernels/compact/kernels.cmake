# Compaction (src/prims/compact.c): select, partition, unique and run-length encode: its kernel, in the row format of
# cmake/shaders.cmake (mgpu_kernels).
mgpu_kernels(FIRST 30
  "compact|MGPU_KERNEL_COMPACT|U32,I32,F32,U64,I64,F64|ON|compact")
