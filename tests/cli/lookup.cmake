# `erli18n lookup`: answers, defaults, diagnostics, exit codes.
erli18n_add_script_test(lookup_cli cli/lookup_cli.sh cli)
