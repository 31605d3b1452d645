# CLDR plural table: the committed src/formats/cldr_plurals_table.inc against a fresh run of
# scripts/gen_cldr_plurals.py on the installed CLDR data and GNU converter.
erli18n_add_script_test(plural_cldr_table_drift parity/cldr_plurals_drift.sh parity)
# CLDR locale data (likely subtags, aliases, parents, matching rules, RTL scripts): the
# committed src/locale/cldr_locale_data.inc against a fresh run of scripts/gen_cldr_locales.py.
erli18n_add_script_test(cldr_locale_data_drift parity/cldr_locales_drift.sh parity)
