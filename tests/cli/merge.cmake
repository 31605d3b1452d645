# `erli18n merge` and `erli18n init`: options, in-place update, --for-each-locale, idempotence, errors.
erli18n_add_script_test(merge_cli cli/merge_cli.sh cli)
