# The kernels, one row each: the only list of them. cmake/shaders.cmake compiles each kernel x type x subgroup
# variant to SPIR-V, embeds them in the library and generates from these rows the C enum of the kernels
# (mgpu_kernel, in the order of the rows: append new kernels at the end, MGPU_PROFILE numbers them so) and the
# number of variants (MGPU_VARIANT_COUNT, the size of the context's module table).
# Each entry: kernel name (shaders/kernels/<family>/<name>.comp), its MGPU_KERNEL_* enumerator, the types, whether a
# subgroup variant (MGPU_SUBGROUP) is built beside the shared-memory one (ON), or alone (ONLY), and the family
# of src/families.def whose file records it.
set(MGPU_SHADER_VARIANTS
  "copy|MGPU_KERNEL_COPY|U32|OFF|copy"
  "fill|MGPU_KERNEL_FILL|U32,I32,F32,U64,I64,F64|OFF|fill"
  "reduce|MGPU_KERNEL_REDUCE|U32,I32,F32,U64,I64,F64|ON|reduce"
  "scan_tiles|MGPU_KERNEL_SCAN_TILES|U32,I32,F32,U64,I64,F64|ON|scan"
  "scan_lookback|MGPU_KERNEL_SCAN_LOOKBACK|U32,I32,F32,U64,I64,F64|ON|scan"
  "merge_partition|MGPU_KERNEL_MERGE_PARTITION|U32,I32,F32,U64,I64,F64|ON|merge"
  "merge|MGPU_KERNEL_MERGE|U32,I32,F32,U64,I64,F64|OFF|merge"
  "mergesort_block|MGPU_KERNEL_MERGESORT_BLOCK|U32,I32,F32,U64,I64,F64|OFF|mergesort"
  "radix_count|MGPU_KERNEL_RADIX_COUNT|U32,I32,F32,U64,I64,F64|OFF|radixsort"
  "radix_scatter|MGPU_KERNEL_RADIX_SCATTER|U32,I32,F32,U64,I64,F64|ON|radixsort"
  "radix_histogram|MGPU_KERNEL_RADIX_HISTOGRAM|U32,I32,F32,U64,I64,F64|OFF|radixsort"
  "radix_onesweep|MGPU_KERNEL_RADIX_ONESWEEP|U32,I32,F32,U64,I64,F64|ONLY|radixsort"
  "radix_small|MGPU_KERNEL_RADIX_SMALL|U32,I32,F32,U64,I64,F64|ONLY|radixsort"
  "lbs_partition|MGPU_KERNEL_LBS_PARTITION|I32|ON|load_balance"
  "lbs|MGPU_KERNEL_LBS|I32|OFF|load_balance"
  "sorted_search|MGPU_KERNEL_SORTED_SEARCH|U32,I32,F32,U64,I64,F64|OFF|sorted_search"
  # segmented reduce and reduce-by-key (src/prims/segreduce.c)
  "segreduce_partition|MGPU_KERNEL_SEGREDUCE_PARTITION|I32|ON|segreduce"
  "segreduce|MGPU_KERNEL_SEGREDUCE|U32,I32,F32,U64,I64,F64|ON|segreduce"
  "segreduce_spine|MGPU_KERNEL_SEGREDUCE_SPINE|U32,I32,F32,U64,I64,F64|ON|segreduce"
  "segreduce_keys|MGPU_KERNEL_SEGREDUCE_KEYS|U32|OFF|segreduce"
  # segmented sort and locality sort (src/prims/segsort.c)
  "segsort_block|MGPU_KERNEL_SEGSORT_BLOCK|U32,I32,F32,U64,I64,F64|OFF|segsort"
  "segsort_prep|MGPU_KERNEL_SEGSORT_PREP|U32,I32,F32,U64,I64,F64|OFF|segsort"
  "segsort_merge|MGPU_KERNEL_SEGSORT_MERGE|U32,I32,F32,U64,I64,F64|OFF|segsort"
  "segsort_plan|MGPU_KERNEL_SEGSORT_PLAN|U32|OFF|segsort"
  "segsort_heads|MGPU_KERNEL_SEGSORT_HEADS|U32|OFF|segsort"
  # relational joins (src/prims/join.c)
  "join_search|MGPU_KERNEL_JOIN_SEARCH|U32,I32,F32,U64,I64,F64|ON|join"
  "join_partition|MGPU_KERNEL_JOIN_PARTITION|I32|ON|join"
  "join_rows|MGPU_KERNEL_JOIN_ROWS|I32|OFF|join"
  # multiset operations (src/prims/sets.c)
  "sets_partition|MGPU_KERNEL_SETS_PARTITION|U32,I32,F32,U64,I64,F64|OFF|sets"
  "sets|MGPU_KERNEL_SETS|U32,I32,F32,U64,I64,F64|ON|sets"
)
