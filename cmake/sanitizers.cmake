# ERLI18N_SANITIZE=address,undefined (or thread) instruments every target of the build.
# Undefined behaviour aborts instead of printing and carrying on, so a test sees it fail.
if(ERLI18N_SANITIZE)
  add_compile_options(-fsanitize=${ERLI18N_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${ERLI18N_SANITIZE})
  # clang links its ASan runtime into each executable, gcc links a shared libasan. The tests
  # preload liberli18n_intl.so into programs built without ASan (tests/parity/intl_*.sh) with
  # the runtime the library needs, which must then be the one the instrumented programs use:
  # clang's shared runtime too, found through an rpath.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND ERLI18N_SANITIZE MATCHES "address")
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libclang_rt.asan-x86_64.so
                    OUTPUT_VARIABLE erli18n_asan_runtime OUTPUT_STRIP_TRAILING_WHITESPACE)
    get_filename_component(erli18n_asan_runtime_dir "${erli18n_asan_runtime}" DIRECTORY)
    add_link_options(-shared-libasan -Wl,-rpath,${erli18n_asan_runtime_dir})
  endif()
endif()

# Fuzzer builds instrument the whole library for coverage, not just the fuzz_*.cc files:
# without it libFuzzer mutates blindly.
if(ERLI18N_BUILD_FUZZERS)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
