# `erli18n lint`: the checks, positions, severities, --werror, JSON and exit codes.
erli18n_add_script_test(lint_cli cli/lint_cli.sh cli)
