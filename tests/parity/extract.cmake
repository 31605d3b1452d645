# Extraction parity: `erli18n extract` against `xgettext --language=C++`, bytes compared.
add_test(NAME extract_xgettext COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/extract_xgettext.sh)
set_tests_properties(extract_xgettext PROPERTIES LABELS parity
  ENVIRONMENT "ERLI18N=$<TARGET_FILE:erli18n_cli>;TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/extract_xgettext")
add_test(NAME extract_from_code COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/extract_from_code.sh)
set_tests_properties(extract_from_code PROPERTIES LABELS parity
  ENVIRONMENT "ERLI18N=$<TARGET_FILE:erli18n_cli>;TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/extract_from_code")
add_test(NAME extract_keywords COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/extract_keywords.sh)
set_tests_properties(extract_keywords PROPERTIES LABELS parity
  ENVIRONMENT "ERLI18N=$<TARGET_FILE:erli18n_cli>;TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/extract_keywords")
