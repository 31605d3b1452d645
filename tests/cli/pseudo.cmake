# `erli18n pseudo`: a pseudo-localized catalog lint --werror and msgfmt -c accept, its forms and options.
erli18n_add_script_test(pseudo_cli cli/pseudo_cli.sh cli)
