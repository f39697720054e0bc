# Robustness: the ctest entries that need their own process settings, and the settings of a sanitized build's
# run (MGPU_SANITIZE). Included at the end of tests/CMakeLists.txt, once every other entry exists.

# The families flagged robustness in families.def (tests/CMakeLists.txt lists them). Out of memory: the test
# lowers its own address-space limit (RLIMIT_AS) around each check (test_oom.c).
foreach(family IN LISTS mgpu_robustness_families)
  add_test(NAME ${family} COMMAND mgpuvk-tests --only ${family})
endforeach()

# Entries that a sanitized run can leave out (scripts/test.sh: ctest -LE 'static|kernel_variant'), because
# the plain run covers them and the sanitizers cannot see more in them: spirv_val checks the modules glslang
# wrote, identical in every build; the *_tile_loops entries run their family's kernels again with other
# workgroup counts, and radixsort_single the radix sort's one-workgroup path (device code, which runs
# inside lavapipe, out of the sanitizers' sight; the family itself runs in both): the variants that
# tests/CMakeLists.txt lists in mgpu_kernel_variant_tests.
get_property(mgpu_tests DIRECTORY PROPERTY TESTS)
foreach(test IN LISTS mgpu_tests)
  if(test STREQUAL "spirv_val")
    set_property(TEST ${test} APPEND PROPERTY LABELS static)
  elseif(test IN_LIST mgpu_kernel_variant_tests)
    set_property(TEST ${test} APPEND PROPERTY LABELS kernel_variant)
  endif()
endforeach()

if(MGPU_SANITIZE)
  # LeakSanitizer reports at exit, when the loader has unloaded the validation layer and the driver: the
  # programs ctest runs (the runner, the tool, the particles example) keep them mapped so that tests/lsan.supp
  # can name them (sanitize_keep.c).
  target_sources(mgpuvk-tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/sanitize_keep.c)
  target_link_libraries(mgpuvk-tests PRIVATE ${CMAKE_DL_LIBS})
  foreach(program mgpuvk-cli mgpuvk-particles)
    if(TARGET ${program})
      target_sources(${program} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/sanitize_keep.c)
      target_link_libraries(${program} PRIVATE ${CMAKE_DL_LIBS})
    endif()
  endforeach()

  # Proof that synchronization validation is on: a deliberate hazard that must be reported.
  add_executable(mgpuvk-syncval-canary syncval_canary.c sanitize_keep.c)
  target_link_libraries(mgpuvk-syncval-canary PRIVATE mgpuvk::mgpuvk Vulkan::Vulkan ${CMAKE_DL_LIBS})
  target_compile_definitions(mgpuvk-syncval-canary PRIVATE _POSIX_C_SOURCE=200809L)
  mgpu_set_warnings(mgpuvk-syncval-canary)
  add_test(NAME syncval_canary COMMAND mgpuvk-syncval-canary)

  # Every entry, and every process it starts (the cli family runs the tool), under:
  #  - ASan: leaks checked at exit; any error stops the process (always so without -fsanitize-recover=address;
  #    halt_on_error says it again); strict_string_checks for the string functions;
  #  - UBSan: built with -fno-sanitize-recover=undefined (cmake/warnings.cmake), so any report stops the
  #    process; halt_on_error says the same to the runtime, print_stacktrace makes the report useful;
  #  - LSan: only the third-party libraries named in tests/lsan.supp are suppressed;
  #  - synchronization validation: VK_LAYER_ENABLES, read by VK_LAYER_KHRONOS_validation (1.3.239) for every
  #    instance, the library's and the tests' own (the engine and shared-device tests make theirs).
  # Prepended, so that options given in the environment still override them.
  set(mgpu_asan "detect_leaks=1:halt_on_error=1:strict_string_checks=1")
  set(mgpu_ubsan "halt_on_error=1:print_stacktrace=1")
  set(mgpu_lsan "suppressions=${CMAKE_CURRENT_SOURCE_DIR}/lsan.supp:print_suppressions=0")
  get_property(mgpu_tests DIRECTORY PROPERTY TESTS)
  foreach(test IN LISTS mgpu_tests)
    set_property(TEST ${test} APPEND PROPERTY ENVIRONMENT_MODIFICATION
      "ASAN_OPTIONS=string_prepend:${mgpu_asan}:"
      "UBSAN_OPTIONS=string_prepend:${mgpu_ubsan}:"
      "LSAN_OPTIONS=string_prepend:${mgpu_lsan}:"
      "VK_LAYER_ENABLES=set:VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT")
  endforeach()
  # Out of memory under ASan: its allocator must hand back NULL, not abort, when the limit is hit.
  set_property(TEST oom APPEND PROPERTY ENVIRONMENT_MODIFICATION "ASAN_OPTIONS=string_append::allocator_may_return_null=1")
endif()
