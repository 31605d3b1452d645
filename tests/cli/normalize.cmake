# `erli18n normalize`: options, output, diagnostics, exit codes.
add_test(NAME normalize_cli COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/normalize_cli.sh)
set_tests_properties(normalize_cli PROPERTIES LABELS cli
  ENVIRONMENT "ERLI18N=$<TARGET_FILE:erli18n_cli>;TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/normalize_cli")
