// Keyword-spec forms, as xgettext 0.21 reads them: context (`Nc`), total argument count
// (`Nt`) choosing among several specs of one name, comment parts (`N,"text"`).
void f(int n) {
  tr("ctx", "msg");
  trn("ctx", "one", "many", n);
  log("one argument");
  log("channel", "two arguments");
  log("channel", "three", 3);
  note("with a fixed comment");
  // TRANSLATORS: a translator comment, then the fixed one
  note("with a fixed comment");
  // TRANSLATORS: before the fixed one
  note("again");
  note2("a", "two comments, one with a comma");
}
