# Segmented sort and locality sort (src/prims/segsort.c): its kernels, in the row format of cmake/shaders.cmake
# (mgpu_kernels).
mgpu_kernels(FIRST 20
  "segsort_block|MGPU_KERNEL_SEGSORT_BLOCK|U32,I32,F32,U64,I64,F64|OFF|segsort"
  "segsort_prep|MGPU_KERNEL_SEGSORT_PREP|U32,I32,F32,U64,I64,F64|OFF|segsort"
  "segsort_merge|MGPU_KERNEL_SEGSORT_MERGE|U32,I32,F32,U64,I64,F64|OFF|segsort"
  "segsort_plan|MGPU_KERNEL_SEGSORT_PLAN|U32|OFF|segsort"
  "segsort_heads|MGPU_KERNEL_SEGSORT_HEADS|U32|OFF|segsort")
mgpu_kernels(FIRST 29
  "segsort_straddle|MGPU_KERNEL_SEGSORT_STRADDLE|U32,I32,F32,U64,I64,F64|ON|segsort")
