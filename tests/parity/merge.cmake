# Merge parity: `erli18n merge` against `msgmerge` on crafted and real pairs (bytes and decisions).
# Registered with add_test: erli18n_add_script_test resolves paths against tests/, not here.
add_test(NAME merge_msgmerge COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/merge_msgmerge.sh)
set_tests_properties(merge_msgmerge PROPERTIES LABELS parity TIMEOUT 300
  ENVIRONMENT "ERLI18N=$<TARGET_FILE:erli18n_cli>;TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/merge_msgmerge")
# The Language a header without one gets from its Language-Team, against msgmerge: every ISO
# 639-2 name, every name erli18n knows, near misses, and the real catalogs' headers.
add_test(NAME merge_language_team COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/merge_language_team.sh)
set_tests_properties(merge_language_team PROPERTIES LABELS parity TIMEOUT 300
  ENVIRONMENT "ERLI18N=$<TARGET_FILE:erli18n_cli>;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/merge_language_team")
# msgmerge -U against erli18n merge -U: the backups of each --backup/--suffix choice, and the
# catalog left alone (mtime kept) when only POT-Creation-Date would change.
add_test(NAME merge_update COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/merge_update.sh)
set_tests_properties(merge_update PROPERTIES LABELS parity TIMEOUT 120
  ENVIRONMENT "ERLI18N=$<TARGET_FILE:erli18n_cli>;TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/merge_update")
