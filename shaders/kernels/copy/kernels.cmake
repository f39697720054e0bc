# The copy (src/prims/copy.c), the reference of every benchmark figure: its kernels, in the row format of
# cmake/shaders.cmake (mgpu_kernels).
mgpu_kernels(FIRST 0
  "copy|MGPU_KERNEL_COPY|U32|OFF|copy")
