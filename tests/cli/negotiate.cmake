# `erli18n negotiate`: choices, defaults, usage errors and exit codes.
erli18n_add_script_test(negotiate_cli cli/negotiate_cli.sh cli)
