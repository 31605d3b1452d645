# `erli18n check`: up to date, added/removed/changed, date-only, --names-only, --po, usage errors.
erli18n_add_script_test(check_cli cli/check_cli.sh cli)
