# `erli18n report`: catalog discovery, text/JSON/HTML output, errors and exit codes; the HTML
# page rendered by headless Chromium (cell texts after the script ran, sorting, a phone-sized
# screenshot).
erli18n_add_script_test(report_cli cli/report_cli.sh cli)
erli18n_add_script_test(report_html cli/report_html.sh cli)
set_tests_properties(report_html PROPERTIES TIMEOUT 300)
