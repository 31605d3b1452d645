# `erli18n plural`: output, exit codes, diagnostics.
erli18n_add_script_test(plural_cli cli/plural_cli.sh cli)
