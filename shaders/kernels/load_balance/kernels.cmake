# The load-balancing search (src/prims/load_balance.c), which the interval and bulk operations run too: its kernels,
# in the row format of cmake/shaders.cmake (mgpu_kernels).
mgpu_kernels(FIRST 13
  "lbs_partition|MGPU_KERNEL_LBS_PARTITION|I32|ON|load_balance"
  "lbs|MGPU_KERNEL_LBS|I32|OFF|load_balance")
