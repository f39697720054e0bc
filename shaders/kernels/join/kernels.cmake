# Relational joins (src/prims/join.c): its kernels, in the row format of cmake/shaders.cmake (mgpu_kernels).
mgpu_kernels(FIRST 25
  "join_search|MGPU_KERNEL_JOIN_SEARCH|U32,I32,F32,U64,I64,F64|ON|join"
  "join_partition|MGPU_KERNEL_JOIN_PARTITION|I32|ON|join"
  "join_rows|MGPU_KERNEL_JOIN_ROWS|I32|OFF|join")
