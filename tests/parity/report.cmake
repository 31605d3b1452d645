# `erli18n report` counts against `msgfmt --statistics`: fixtures, real catalogs, and real
# catalogs with fuzzy, untranslated, partly translated plural and obsolete entries made.
erli18n_add_script_test(report_msgfmt parity/report_msgfmt.sh parity)
set_tests_properties(report_msgfmt PROPERTIES TIMEOUT 300)
