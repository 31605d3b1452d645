# Tests registered here with erli18n_add_script_test(name script label) or add_test.
