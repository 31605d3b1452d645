# `erli18n update` and `erli18n check` in a project: erli18n.conf, GNU's POTFILES.in/LINGUAS.
erli18n_add_script_test(project_cli cli/project_cli.sh cli)
