# `erli18n extract`: per-domain output, file discovery, keywords, warnings, exit codes.
erli18n_add_script_test(extract_cli cli/extract_cli.sh cli)
