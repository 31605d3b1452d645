# `erli18n lint` against `msgfmt --check`: errors at the same entries, on the defect
# fixtures of tests/data/lint/ and on every 30th real catalog of /usr/share/locale (~120).
erli18n_add_script_test(lint_msgfmt_parity parity/lint_msgfmt.sh parity 30 100)
set_tests_properties(lint_msgfmt_parity PROPERTIES TIMEOUT 900)
