# `erli18n compile --cpp`: generated sources compiled with -Werror and compared with the .mo files.
add_test(NAME compile_cpp_cli COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/compile_cpp_cli.sh)
set_tests_properties(compile_cpp_cli PROPERTIES LABELS cli
  ENVIRONMENT "ERLI18N=$<TARGET_FILE:erli18n_cli>;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/compile_cpp_cli;SOURCE_DIR=${PROJECT_SOURCE_DIR};LIBRARY=$<TARGET_FILE:erli18n>;CXX=${CMAKE_CXX_COMPILER};CXXFLAGS_EXTRA=${ERLI18N_TEST_SANITIZE_FLAGS}")
