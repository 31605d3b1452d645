#!/usr/bin/env python3
"""browser_test.py URL OUT_DIR: the web example's page in headless Chromium.

Chromium is driven through the DevTools protocol over --remote-debugging-pipe (JSON messages
ending in a NUL byte on file descriptors 3 and 4), which needs no package beyond chromium.
For each browser language (--lang=pt-BR, then --lang=de) a fresh browser and profile:
  1. loads the page and checks the translated texts in the DOM (title, greeting, plural line
     for ?n=21, the context-disambiguated word, where the language came from);
  2. clicks the switcher's link to another language with a real mouse event at the link's
     position, and checks the page that follows is in that language (from the query);
  3. checks the browser now holds the `locale` cookie, loads the bare page again and checks
     the cookie wins over the browser's language;
  4. saves a screenshot at each step in OUT_DIR.
"""
import base64
import fcntl
import json
import os
import subprocess
import sys
import time

URL, OUT = sys.argv[1], sys.argv[2]
checks = 0


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


class Browser:
    def __init__(self, lang, profile):
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()
        # Chromium reads commands on fd 3 and writes replies on fd 4. The child's ends are
        # first moved above 10 so that moving them to 3 and 4 cannot overwrite one another.
        child_r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD_CLOEXEC, 10)
        child_w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD_CLOEXEC, 10)
        for fd in (to_browser_r, from_browser_w):
            os.close(fd)
        self.proc = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--remote-debugging-pipe", "--user-data-dir=" + profile, "--lang=" + lang,
             "--accept-lang=" + lang, "--window-size=800,700", "about:blank"],
            pass_fds=(3, 4),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(OUT, "chromium.log"), "ab"),
            preexec_fn=lambda: (os.dup2(child_r, 3), os.dup2(child_w, 4)))
        os.close(child_r)
        os.close(child_w)
        self.out = to_browser_w
        self.inp = from_browser_r
        self.buffer = b""
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                fail("chromium did not answer in time")
            chunk = os.read(self.inp, 65536)
            if not chunk:
                fail("chromium closed its pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self.out, json.dumps(message).encode() + b"\0")
        deadline = time.time() + 60
        while True:
            reply = self.read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    fail(method + ": " + json.dumps(reply["error"]))
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for_load(self):
        deadline = time.time() + 60
        while True:
            for i, event in enumerate(self.events):
                if event.get("method") == "Page.loadEventFired":
                    del self.events[: i + 1]
                    return
            self.events.append(self.read_message(deadline))

    def navigate(self, url):
        self.events.clear()
        self.call("Page.navigate", {"url": url}, session=True)
        self.wait_for_load()

    def js(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=True)
        return result["result"].get("value")

    def click(self, selector):
        """A real left click (mouse pressed and released) at the centre of the element."""
        box = self.js("(() => { const r = document.querySelector(%s).getBoundingClientRect();"
                      " return [r.x + r.width / 2, r.y + r.height / 2]; })()" % json.dumps(selector))
        self.events.clear()
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent",
                      {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1}, session=True)
        self.wait_for_load()

    def screenshot(self, name):
        data = self.call("Page.captureScreenshot", {"format": "png"}, session=True)["data"]
        path = os.path.join(OUT, name)
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
        if os.path.getsize(path) < 1000:
            fail(path + " is not a real screenshot")

    def close(self):
        try:
            self.call("Browser.close")
        except SystemExit:
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def expect(browser, selector, want, what):
    global checks
    got = browser.js("document.querySelector(%s) && document.querySelector(%s).textContent"
                     % (json.dumps(selector), json.dumps(selector)))
    if got != want:
        fail("%s: %s is %r, expected %r" % (what, selector, got, want))
    checks += 1


def expect_source(browser, locale, source, what):
    global checks
    got = browser.js("[document.getElementById('source').dataset.locale,"
                     " document.getElementById('source').dataset.source]")
    if got != [locale, source]:
        fail("%s: negotiated %r, expected %r" % (what, got, [locale, source]))
    checks += 1


# The texts of a language, as the catalogs translate them.
PAGES = {
    "pt_BR": {"#title": "Exemplo web do erli18n", "#greeting": "Olá, Ana!",
              "#messages": "Você tem 21 mensagens novas.", "#shop-state": "Aberto"},
    "de": {"#title": "erli18n-Webbeispiel", "#greeting": "Hallo, Ana!",
           "#messages": "Sie haben 21 neue Nachrichten.", "#shop-state": "Geöffnet"},
    "ru": {"#title": "Веб-пример erli18n", "#greeting": "Привет, Ана!",
           "#messages": "У вас 21 новое сообщение.", "#shop-state": "Открыто"},
    "ja": {"#title": "erli18n ウェブの例", "#greeting": "こんにちは、Anaさん！",
           "#messages": "新しいメッセージが 21 件あります。", "#shop-state": "営業中"},
}

# (browser language, its locale, the language the switcher is clicked to, its tag)
RUNS = [("pt-BR", "pt_BR", "ru", "ru"), ("de", "de", "ja", "ja")]

for lang, locale, other, other_tag in RUNS:
    profile = os.path.join(OUT, "profile-" + lang)
    browser = Browser(lang, profile)
    try:
        name = "Ana" if locale != "ru" else "Ана"
        browser.navigate(URL + "?n=21&name=" + name)
        for selector, text in PAGES[locale].items():
            expect(browser, selector, text, "--lang=" + lang)
        expect_source(browser, locale, "header", "--lang=" + lang)
        if browser.js("document.documentElement.lang") != lang:
            fail("--lang=%s: <html lang> is %r" % (lang, browser.js("document.documentElement.lang")))
        checks += 1
        browser.screenshot("%s-1-accept-language.png" % lang)

        browser.click('#languages a[hreflang="%s"]' % other_tag)
        expect_source(browser, other, "query", "after clicking " + other_tag)
        expect(browser, "#title", PAGES[other]["#title"], "after clicking " + other_tag)
        if "locale=" + other not in (browser.js("document.cookie") or ""):
            fail("after clicking %s the cookies are %r" % (other_tag, browser.js("document.cookie")))
        checks += 1
        browser.screenshot("%s-2-switched-to-%s.png" % (lang, other_tag))

        # The bare address again: the cookie now beats the browser's language.
        browser.navigate(URL + "?n=21&name=Ana")
        expect_source(browser, other, "cookie", "reloaded after choosing " + other_tag)
        expect(browser, "#messages", PAGES[other]["#messages"], "reloaded after choosing " + other_tag)
        browser.screenshot("%s-3-cookie-%s.png" % (lang, other_tag))
    finally:
        browser.close()

print("web browser test: %d checks passed; screenshots in %s" % (checks, OUT))
