int main() {
  ngettext("one",
           "cafés", n);
}
