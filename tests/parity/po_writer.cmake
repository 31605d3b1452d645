# PO writer parity: `erli18n normalize` against `msgcat`, bytes compared.
# Registered with add_test rather than erli18n_add_script_test, whose paths resolve against
# this directory (tests/parity) instead of tests/.
foreach(name po_writer_fixtures po_writer_real po_writer_charsets)
  add_test(NAME ${name} COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/${name}.sh)
  set_tests_properties(${name} PROPERTIES LABELS parity
    ENVIRONMENT "ERLI18N=$<TARGET_FILE:erli18n_cli>;TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/${name}")
endforeach()
set_tests_properties(po_writer_real PROPERTIES TIMEOUT 300)

# The PO writer's Unicode table: the committed src/formats/po_writer_unicode_table.inc against a
# fresh run of scripts/gen_po_writer_unicode.py on the installed Unicode data and libunistring.
erli18n_add_script_test(po_writer_unicode_table_drift parity/po_writer_unicode_drift.sh parity)
