# The GNU-compatible commands: the links in build/gnu/bin and the dispatch by program name.
add_test(NAME gnu_commands_cli COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/gnu_commands_cli.sh)
set_tests_properties(gnu_commands_cli PROPERTIES LABELS cli
  ENVIRONMENT "ERLI18N=$<TARGET_FILE:erli18n_cli>;GNU_BIN=${PROJECT_BINARY_DIR}/gnu/bin;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/gnu_commands_cli")
