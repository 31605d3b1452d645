# liberli18n_intl.so (intl/) against glibc: every key of the real catalogs looked up through
# the standard C API, with and without LD_PRELOAD of the library.
enable_language(C)
add_executable(intl_lookup_all intl_lookup_all.c)
set_target_properties(intl_lookup_all PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
target_compile_definitions(intl_lookup_all PRIVATE _POSIX_C_SOURCE=200809L)
target_compile_options(intl_lookup_all PRIVATE -Wall -Wextra $<$<BOOL:${ERLI18N_WERROR}>:-Werror>)

add_test(NAME intl_preload_diff
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/intl_preload_diff.sh $<TARGET_FILE:intl_lookup_all>
          $<TARGET_FILE:erli18n_intl>)
set_tests_properties(intl_preload_diff PROPERTIES LABELS parity TIMEOUT 900
  ENVIRONMENT "TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/intl_preload_diff")

add_test(NAME intl_real_programs
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/intl_real_programs.sh $<TARGET_FILE:erli18n_intl>)
set_tests_properties(intl_real_programs PROPERTIES LABELS parity TIMEOUT 300
  ENVIRONMENT "TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/intl_real_programs")
