// The translation unit that compiles the unit tests' precompiled header (tests/CMakeLists.txt).
