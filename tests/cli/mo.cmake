# `erli18n compile` and `erli18n decompile`: options, default output, diagnostics, exit codes.
add_test(NAME mo_cli COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/mo_cli.sh)
set_tests_properties(mo_cli PROPERTIES LABELS cli
  ENVIRONMENT "ERLI18N=$<TARGET_FILE:erli18n_cli>;TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/mo_cli")
