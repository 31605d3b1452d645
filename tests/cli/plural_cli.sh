#!/usr/bin/env bash
# `erli18n plural`: output, exit codes and diagnostics.
. "$(dirname "$0")/lib.sh" || exit 1
failures=0

# check NAME EXPECTED_RC EXPECTED_STDOUT EXPECTED_STDERR_SUBSTRING -- ARGS...
check() {
  local name=$1 want_rc=$2 want_out=$3 want_err=$4
  shift 5
  local rc=0
  "$ERLI18N" "$@" >"$TEST_TMP/out" 2>"$TEST_TMP/err" || rc=$?
  checks=$((checks + 1))
  if [[ $rc != "$want_rc" ]]; then
    echo "FAIL $name: exit status $rc, expected $want_rc"; cat "$TEST_TMP/err"; failures=$((failures + 1)); return
  fi
  if [[ "$(cat "$TEST_TMP/out")" != "$want_out" ]]; then
    echo "FAIL $name: stdout"; diff <(printf '%s\n' "$want_out") "$TEST_TMP/out" || true; failures=$((failures + 1)); return
  fi
  if [[ -n $want_err ]] && ! grep -qF -- "$want_err" "$TEST_TMP/err"; then
    echo "FAIL $name: stderr lacks '$want_err':"; cat "$TEST_TMP/err"; failures=$((failures + 1)); return
  fi
  if [[ -z $want_err && -s $TEST_TMP/err ]]; then
    echo "FAIL $name: unexpected stderr:"; cat "$TEST_TMP/err"; failures=$((failures + 1)); return
  fi
}

russian='nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);'
check russian 0 $'2\n0\n1\n2\n2\n0\n1\n2' '' -- plural "$russian" 0 1 2 5 11 21 22 111
arabic='nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;'
check arabic 0 $'0\n1\n2\n3\n4\n5' '' -- plural "$arabic" 0 1 2 103 111 200
check default-like 0 $'1\n0\n1' '' -- plural 'nplurals=2; plural=n != 1;' 0 1 2
# Numbers up to ULONG_MAX; values >= nplurals give form 0, as glibc does.
check ulong-max 0 $'0\n2\n1' '' -- plural 'nplurals=3; plural=n%3;' 18446744073709551615 18446744073709551614 18446744073709551613
check wrap 0 $'0\n0' '' -- plural 'nplurals=2; plural=n-1;' 0 18446744073709551615
check out-of-range 0 $'0\n0\n2' '' -- plural 'nplurals=3; plural=n;' 3 1000 2
# A zero divisor that depends on n: defined result (x/0 == 0), no trap.
check div-zero 0 $'0\n1\n0' '' -- plural 'nplurals=3; plural=10/(n-5);' 5 15 6
check no-semicolon 0 '1' '' -- plural 'plural=n>1; nplurals=2' 7

# Bad rules: exit 1, GNU-style diagnostic with the column, and a caret under the problem.
check bad-token 1 '' '<plural-forms>:1:22: error: expected an operator or the end of the expression, found '"'g'" \
  -- plural 'nplurals=2; plural=n garbage;' 1
grep -qx "$(printf '%23s' '')^" "$TEST_TMP/err" || { echo "FAIL bad-token: caret line"; cat "$TEST_TMP/err"; failures=$((failures + 1)); }
check const-div-zero 1 '' '<plural-forms>:1:21: error: division by zero for every n' -- plural 'nplurals=2; plural=n/0;' 1
check missing-nplurals 1 '' 'error: missing '"'nplurals='" -- plural 'plural=n;' 1
check nplurals-zero 1 '' 'error: nplurals must be at least 1' -- plural 'nplurals=0; plural=0;' 1
check unbalanced 1 '' "error: expected ')', found the end of the expression" -- plural 'nplurals=2; plural=(n;' 1

# Bad numbers and missing arguments: usage errors, exit 2, nothing on stdout.
for bad in -1 18446744073709551616 1e3 ' 5' 0x10 '' abc 5x; do
  check "bad-number[$bad]" 2 '' "invalid number '$bad'" -- plural 'nplurals=2; plural=n;' 1 "$bad"
done
check no-numbers 2 '' 'numbers is required' -- plural 'nplurals=2; plural=n;'
check no-args 2 '' 'rule is required' -- plural

# --cldr LOCALE: CLDR's rule (src/cldr_plurals_table.inc), found through the locale's parents.
check cldr-fr 0 'nplurals=3; plural=(n==0 || n==1 ? 0 : n!=0 && n%1000000==0 ? 1 : 2);' '' -- plural --cldr fr
check cldr-de-at 0 'nplurals=2; plural=(n != 1);' '' -- plural --cldr de-AT
check cldr-pt-br 0 'nplurals=3; plural=(n<=1 ? 0 : n!=0 && n%1000000==0 ? 1 : 2);' '' -- plural --cldr pt_BR.UTF-8
check cldr-pt-pt 0 'nplurals=3; plural=(n==1 ? 0 : n!=0 && n%1000000==0 ? 1 : 2);' '' -- plural --cldr pt_PT
check cldr-ja 0 'nplurals=1; plural=0;' '' -- plural --cldr ja_JP
# The printed line is a rule the first form evaluates.
check cldr-ru-eval 0 $'0\n1\n2\n0' '' -- plural "$("$ERLI18N" plural --cldr ru)" 1 2 5 21
check cldr-unknown 1 '' "error: CLDR 41 has no plural rule for locale 'qq'" -- plural --cldr qq
check cldr-malformed 1 '' "error: invalid locale name 'de/AT'" -- plural --cldr de/AT
check cldr-root 1 '' "no plural rule for locale 'C'" -- plural --cldr C
check cldr-and-rule 2 '' 'excludes --cldr' -- plural --cldr fr 'nplurals=2; plural=n;' 1
check cldr-no-locale 2 '' '--cldr' -- plural --cldr

if ((failures > 0)); then
  echo "plural CLI: $failures of $checks checks failed"
  exit 1
fi
echo "plural CLI: all $checks checks passed"
