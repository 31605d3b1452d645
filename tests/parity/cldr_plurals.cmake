# CLDR plural table: the committed src/formats/cldr_plurals_table.inc against a fresh run of
# scripts/gen_cldr_plurals.py on the installed CLDR data and GNU converter.
erli18n_add_script_test(plural_cldr_table_drift parity/cldr_plurals_drift.sh parity)
