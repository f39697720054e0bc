# Warnings (clean in Debug and Release), optional -Werror, optional sanitizers.
function(mgpu_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow $<$<BOOL:${MGPU_WERROR}>:-Werror>)
endfunction()

# MGPU_SANITIZE: AddressSanitizer (with LeakSanitizer, part of it on Linux) and UndefinedBehaviorSanitizer for
# everything built here. Any UBSan report is fatal (-fno-sanitize-recover), as an ASan one always is. The run
# options (leak suppressions for third-party libraries, synchronization validation) are in tests/robustness.cmake.
if(MGPU_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
