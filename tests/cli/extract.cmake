# `erli18n extract`: per-domain output, file discovery, keywords, warnings, exit codes.
erli18n_add_script_test(extract_cli cli/extract_cli.sh cli)
# The progress bar of extract and check: drawn and cleared on a pseudo-terminal, absent when redirected.
erli18n_add_script_test(extract_progress cli/extract_progress.sh cli)
