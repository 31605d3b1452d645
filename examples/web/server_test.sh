#!/usr/bin/env bash
# server_test.sh ERLI18N_WEB OUT_DIR PO_DIR: the web example's command line and page over HTTP,
# and its catalogs (a copy of PO_DIR) reloaded live
# (python3's http.client, so that no HTTP tool is needed beyond what install-deps.sh installs).
set -euo pipefail
web=$1
out=$2
po=$3
rm -rf "$out" && mkdir -p "$out"
cd "$out"
checks=0
fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { checks=$((checks + 1)); }

# Bad command lines: a usage error (2) or a catalog error (1) with file:line:col, no server.
set +e
"$web" --port 70000 > /dev/null 2> err.txt; rc=$?
set -e
[ "$rc" = 2 ] && grep -q -- '--port takes a number' err.txt || fail "--port 70000: rc $rc, $(cat err.txt)"
ok
mkdir -p broken/de/LC_MESSAGES
printf 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "a"\nmsgstr "b\n' > broken/de/LC_MESSAGES/web.po
set +e
"$web" --port 0 --catalogs broken > /dev/null 2> err.txt; rc=$?
set -e
[ "$rc" = 1 ] && grep -Eq 'web\.po:[0-9]+:[0-9]+: error: ' err.txt || fail "broken catalog: rc $rc, $(cat err.txt)"
ok

"$web" --port 0 > server.txt 2> server.err &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  grep -q '^listening on ' server.txt && break
  sleep 0.1
done
url=$(sed -n 's/^listening on //p' server.txt)
case $url in http://127.0.0.1:[0-9]*/) ok ;; *) fail "port 0 printed '$url' ($(cat server.err))" ;; esac
port=${url#http://127.0.0.1:}
port=${port%/}

# The listen queue: cpp-httplib's own is 5 connections, which a burst of 8 clients overflows
# (dropped SYNs, retried a second later). The example asks for SOMAXCONN; the kernel caps it
# at net.core.somaxconn. `ss` shows a listening socket's queue length as its Send-Q.
command -v ss > /dev/null || fail "ss (Debian iproute2, scripts/install-deps.sh) is needed"
want=$(python3 -c 'import socket; print(min(socket.SOMAXCONN, int(open("/proc/sys/net/core/somaxconn").read())))')
queue=$(ss -Hltn "sport = :$port" | awk '{print $3}')
[ "$queue" = "$want" ] || fail "the listen queue of port $port is '$queue', not $want: $(ss -ltn "sport = :$port")"
ok

# get PATH [HEADER: VALUE]...: the status, the headers the tests look at, and the body.
get() {
  python3 - "$port" "$@" <<'PY'
import http.client, sys
port, path, headers = int(sys.argv[1]), sys.argv[2], dict(h.split(": ", 1) for h in sys.argv[3:])
c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
c.request("GET", path, headers=headers)
r = c.getresponse()
print(r.status)
for name in ("Content-Type", "Content-Language", "Vary", "Set-Cookie"):
    print("%s: %s" % (name, r.getheader(name)))
sys.stdout.write(r.read().decode("utf-8"))
PY
}

# Identical requests, identical bytes (the page depends on nothing but the request).
get "/?n=5&name=Lea" "Accept-Language: ru, en;q=0.5" > a.txt
get "/?n=5&name=Lea" "Accept-Language: ru, en;q=0.5" > b.txt
cmp -s a.txt b.txt || fail "two identical requests got different answers: $(diff a.txt b.txt)"
ok
grep -qx 'Content-Language: ru' a.txt || fail "Content-Language: $(grep Content-Language a.txt)"
grep -qx 'Vary: Accept-Language, Cookie' a.txt || fail "Vary: $(grep Vary a.txt)"
grep -qx 'Set-Cookie: None' a.txt || fail "a cookie without a choice: $(grep Set-Cookie a.txt)"
grep -q '<p id="messages">У вас 5 новых сообщений.</p>' a.txt || fail "ru plural for 5: $(grep messages a.txt)"
grep -q '<p id="greeting">Привет, Lea!</p>' a.txt || fail "ru greeting: $(grep greeting a.txt)"
ok

# A choice through the query is answered in that language and saved in a cookie.
get "/?locale=pt-BR" "Accept-Language: de" > c.txt
grep -qx 'Set-Cookie: locale=pt_BR; Path=/; Max-Age=31536000; SameSite=Lax' c.txt || fail "$(grep Set-Cookie c.txt)"
grep -q '<html lang="pt-BR" dir="ltr">' c.txt || fail "html lang: $(grep '<html' c.txt)"
grep -q 'data-source="query"' c.txt || fail "source: $(grep 'id="source"' c.txt)"
ok
# Hebrew and Arabic pages run right to left; Accept-Language's iw (Hebrew's old code) and
# ar-EG find them through the best-fit matcher.
get "/?n=2" "Accept-Language: iw, en;q=0.5" > h.txt
grep -q '<html lang="he" dir="rtl">' h.txt || fail "Hebrew page: $(grep '<html' h.txt)"
grep -q '<p id="messages">יש לך שתי הודעות חדשות (2).</p>' h.txt || fail "he dual: $(grep messages h.txt)"
get "/?n=0" "Accept-Language: ar-EG, ar;q=0.9" > i.txt
grep -q '<html lang="ar" dir="rtl">' i.txt || fail "Arabic page: $(grep '<html' i.txt)"
grep -q '<p id="messages">ليس لديك رسائل جديدة (0).</p>' i.txt || fail "ar zero: $(grep messages i.txt)"
ok
# The cookie beats Accept-Language; English can be chosen back though it has no catalog.
get "/" "Cookie: locale=fr" "Accept-Language: de" > d.txt
grep -q '<p id="messages">Vous avez 1 nouveau message.</p>' d.txt || fail "fr from the cookie: $(grep messages d.txt)"
get "/?locale=en" "Cookie: locale=fr" > e.txt
grep -q '<p id="messages">You have 1 new message.</p>' e.txt || fail "en chosen: $(grep messages e.txt)"
grep -qx 'Set-Cookie: locale=en; Path=/; Max-Age=31536000; SameSite=Lax' e.txt || fail "$(grep Set-Cookie e.txt)"
ok
# Hostile input: escaped in the page, malformed values fall back to English.
get "/?name=%3Cscript%3E&n=-3&locale=%ZZ" "Accept-Language: ;;;" > f.txt
grep -q '<p id="greeting">Hello, &lt;script&gt;!</p>' f.txt || fail "escaping: $(grep greeting f.txt)"
grep -q '<p id="messages">You have 1 new message.</p>' f.txt || fail "bad n: $(grep messages f.txt)"
grep -q 'data-source="default"' f.txt || fail "fallback: $(grep 'id="source"' f.txt)"
ok

# Live reload: a server on a copy of the catalogs sees a translation edited on disk.
cp -r "$po" live
"$web" --port 0 --catalogs live > live.txt 2> live.err &
live_server=$!
trap 'kill $server $live_server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  grep -q '^listening on ' live.txt && break
  sleep 0.1
done
live_url=$(sed -n 's/^listening on //p' live.txt)
[ -n "$live_url" ] || fail "the live server did not start: $(cat live.err)"
main_port=$port
port=${live_url#http://127.0.0.1:}
port=${port%/}
get "/?name=Lea" "Accept-Language: de" > g.txt
grep -q '<p id="greeting">Hallo, Lea!</p>' g.txt || fail "de greeting before the edit: $(grep greeting g.txt)"
# The translator's edit, saved as editors do (a new file renamed over the old one).
sed 's/^msgstr "Hallo, %{name}!"$/msgstr "Servus, %{name}!"/' live/de/LC_MESSAGES/web.po > live/de/LC_MESSAGES/web.po.new
grep -q 'Servus' live/de/LC_MESSAGES/web.po.new || fail "the edit did not apply (msgstr changed?)"
mv live/de/LC_MESSAGES/web.po.new live/de/LC_MESSAGES/web.po
for _ in $(seq 100); do
  get "/?name=Lea" "Accept-Language: de" > h.txt
  grep -q '<p id="greeting">Servus, Lea!</p>' h.txt && break
  sleep 0.1
done
grep -q '<p id="greeting">Servus, Lea!</p>' h.txt || fail "the edited translation is not served: $(grep greeting h.txt)"
ok
# A broken save keeps the last good catalog, and the server says why on stderr.
printf 'msgid "a"\nmsgstr "b\n' > live/de/LC_MESSAGES/web.po.new
mv live/de/LC_MESSAGES/web.po.new live/de/LC_MESSAGES/web.po
for _ in $(seq 100); do
  grep -Eq 'web\.po:[0-9]+:[0-9]+: error: ' live.err && break
  sleep 0.1
done
grep -Eq 'web\.po:[0-9]+:[0-9]+: error: ' live.err || fail "no diagnostic for the broken catalog: $(cat live.err)"
get "/?name=Lea" "Accept-Language: de" > i.txt
grep -q '<p id="greeting">Servus, Lea!</p>' i.txt || fail "the broken save replaced the catalog: $(grep greeting i.txt)"
ok
port=$main_port
echo "web server test: $checks checks passed"
