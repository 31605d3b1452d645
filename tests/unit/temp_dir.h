// A private temporary folder for one test, removed with everything in it at the end.
#ifndef ERLI18N_TESTS_UNIT_TEMP_DIR_H
#define ERLI18N_TESTS_UNIT_TEMP_DIR_H

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace erli18n::test_support {

class temp_dir {
 public:
  temp_dir() {
    char tmpl[] = "/tmp/erli18n-test-XXXXXX";
    const char* made = mkdtemp(tmpl);
    if (made == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = made;
  }
  ~temp_dir() { std::filesystem::remove_all(path_); }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;

  // The folder itself, and a path inside it.
  const std::string& root() const { return path_; }
  std::string path(const std::string& name) const { return path_ + "/" + name; }

  // Writes a file (folders created as needed) by renaming a new one over it, as a
  // deployment does: a mapped `.mo` must never be rewritten in place.
  std::string write(const std::string& name, const std::string& bytes) const {
    const std::string final_path = path(name);
    std::filesystem::create_directories(std::filesystem::path(final_path).parent_path());
    const std::string tmp = final_path + ".tmp";
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      out << bytes;
    }
    std::filesystem::rename(tmp, final_path);
    return final_path;
  }

 private:
  std::string path_;
};

}  // namespace erli18n::test_support

#endif  // ERLI18N_TESTS_UNIT_TEMP_DIR_H
