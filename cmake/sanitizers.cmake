# ERLI18N_SANITIZE=address,undefined (or thread) instruments every target of the build.
# Undefined behaviour aborts instead of printing and carrying on, so a test sees it fail.
if(ERLI18N_SANITIZE)
  add_compile_options(-fsanitize=${ERLI18N_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${ERLI18N_SANITIZE})
  # clang links its sanitizer runtime into each executable, gcc links a shared one (libasan,
  # libtsan), and the build relies on the shared one: the tests preload liberli18n_intl.so
  # into programs built without a sanitizer (tests/parity/intl_*.sh) with the runtime the
  # library needs, which must be the one the instrumented programs use too, and tests that
  # replace operator new (store_faults_test) would clash with the static runtime's. So clang
  # links its shared runtime too, found through an rpath.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libclang_rt.asan-x86_64.so
                    OUTPUT_VARIABLE erli18n_sanitizer_runtime OUTPUT_STRIP_TRAILING_WHITESPACE)
    get_filename_component(erli18n_sanitizer_runtime_dir "${erli18n_sanitizer_runtime}" DIRECTORY)
    add_link_options(-shared-libsan -Wl,-rpath,${erli18n_sanitizer_runtime_dir})
  endif()
endif()

# Fuzzer builds instrument the whole library for coverage, not just the fuzz_*.cc files:
# without it libFuzzer mutates blindly.
if(ERLI18N_BUILD_FUZZERS)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
