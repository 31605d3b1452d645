// `#line N "file"` directives renumber the references, as xgettext 0.21 reads them.
int main() {
  gettext("one");
#line 100 "other.c"
  gettext("two");
  gettext("three");
#line 200
  gettext("four: a #line without a file name is ignored");
# line 300 "spaced.c"
  gettext("five");
# 400 "gnu.c" 1 3
  gettext("six");
#line 0x10 "hex.c"
  gettext("seven: 0x10 reads as 0");
#line 50 "esc\"aped.c"
  gettext("eight");
#line "nonum.c"
  gettext("nine");
  #line 60 "indent.c"
  gettext("ten");
#line 70 "multi.c"
  gettext(
    "eleven");
#define X gettext("in macro")
#line 80 "after-define.c"
  gettext("twelve");
#line 90 "x.c" // comment
  gettext("thirteen");
#line 5 ""
  gettext("fourteen");
#if 0
#line 1000 "dead.c"
#endif
  gettext("fifteen: #if is not evaluated");
#line 7 "other.c"
  gettext("one");
  gettext("three");
}
