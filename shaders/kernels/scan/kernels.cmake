# Scan (src/prims/scan.c): reduce-then-scan tiles, and the single-pass look-back: its kernels, in the row format of
# cmake/shaders.cmake (mgpu_kernels).
mgpu_kernels(FIRST 3
  "scan_tiles|MGPU_KERNEL_SCAN_TILES|U32,I32,F32,U64,I64,F64|ON|scan"
  "scan_lookback|MGPU_KERNEL_SCAN_LOOKBACK|U32,I32,F32,U64,I64,F64|ON|scan")
