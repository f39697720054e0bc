# The kernel x type x subgroup variants compiled to SPIR-V and embedded in the library.
# Each entry: kernel file (shaders/kernels/<name>.comp), its MGPU_KERNEL_* enumerator, the types, and
# whether a subgroup variant (MGPU_SUBGROUP) is built beside the shared-memory one (ON), or alone (ONLY).
set(MGPU_SHADER_VARIANTS
  "copy|MGPU_KERNEL_COPY|U32|OFF"
  "fill|MGPU_KERNEL_FILL|U32,I32,F32,U64,I64,F64|OFF"
  "reduce|MGPU_KERNEL_REDUCE|U32,I32,F32,U64,I64,F64|ON"
  "scan_tiles|MGPU_KERNEL_SCAN_TILES|U32,I32,F32,U64,I64,F64|ON"
  "scan_lookback|MGPU_KERNEL_SCAN_LOOKBACK|U32,I32,F32,U64,I64,F64|ON"
  "merge_partition|MGPU_KERNEL_MERGE_PARTITION|U32,I32,F32,U64,I64,F64|ON"
  "merge|MGPU_KERNEL_MERGE|U32,I32,F32,U64,I64,F64|OFF"
  "mergesort_block|MGPU_KERNEL_MERGESORT_BLOCK|U32,I32,F32,U64,I64,F64|OFF"
  "radix_count|MGPU_KERNEL_RADIX_COUNT|U32,I32,F32,U64,I64,F64|OFF"
  "radix_scatter|MGPU_KERNEL_RADIX_SCATTER|U32,I32,F32,U64,I64,F64|ON"
  "radix_onesweep|MGPU_KERNEL_RADIX_ONESWEEP|U32,I32,F32,U64,I64,F64|ONLY"
  "radix_small|MGPU_KERNEL_RADIX_SMALL|U32,I32,F32,U64,I64,F64|ONLY"
  "radix_histogram|MGPU_KERNEL_RADIX_HISTOGRAM|U32,I32,F32,U64,I64,F64|OFF"
  "lbs_partition|MGPU_KERNEL_LBS_PARTITION|I32|ON"
  "lbs|MGPU_KERNEL_LBS|I32|OFF"
  "sorted_search|MGPU_KERNEL_SORTED_SEARCH|U32,I32,F32,U64,I64,F64|OFF"
)
