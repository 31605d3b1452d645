#!/usr/bin/env bash
# update_catalogs.sh [--check] ERLI18N: the web example's catalogs, made with our own CLI.
#
# Extracts po/web.pot from the example's sources (`erli18n extract`), then merges it into
# every po/<locale>/LC_MESSAGES/web.po (`erli18n merge -U`); a new language starts with
# `erli18n init -l LOCALE -o po/LOCALE/LC_MESSAGES/web.po po/web.pot`. With --check nothing
# is written: `erli18n check --po` fails when the committed template differs from what extract
# writes now or a catalog lacks a message, `erli18n lint` when a translation is wrong (a
# `%{name}` placeholder dropped, plural forms), and msgfmt's statistics when one is fuzzy.
set -euo pipefail
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
erli18n=${1:?usage: update_catalogs.sh [--check] ERLI18N}
cd "$(dirname "$0")"
extract_options=(-d web --package-name erli18n-web --package-version 0.1 --add-comments=TRANSLATORS:)

if [ "$check" = 0 ]; then
  "$erli18n" extract "${extract_options[@]}" -p po main.cc page.cc
  for po in po/*/LC_MESSAGES/web.po; do "$erli18n" merge -U "$po" po/web.pot; done
  exit 0
fi

status=0
"$erli18n" check --pot-dir po --po "${extract_options[@]}" main.cc page.cc || status=1
"$erli18n" lint --werror po/*/LC_MESSAGES/web.po || status=1
for po in po/*/LC_MESSAGES/web.po; do
  stats=$(LC_ALL=C msgfmt --statistics -o /dev/null "$po" 2>&1)
  case $stats in *untranslated* | *fuzzy*) echo "$po: $stats" >&2; status=1 ;; esac
done
[ "$status" = 0 ] && echo "web catalogs: template up to date, every catalog complete and clean"
exit $status
