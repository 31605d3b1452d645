# `erli18n lint` against `msgfmt --check`: errors at the same entries, on the defect
# fixtures of tests/data/lint/ and on 120 real catalogs of /usr/share/locale (at least 100).
erli18n_add_script_test(lint_msgfmt_parity parity/lint_msgfmt.sh parity 120 100)
set_tests_properties(lint_msgfmt_parity PROPERTIES TIMEOUT 300)
