# The libFuzzer targets (issue 11), built only with -DT24_FUZZ=ON and clang, in their own
# build folder (make fuzz): the library is compiled with -fsanitize=fuzzer-no-link plus
# ASan and UBSan by CMakeLists.txt, each target links libFuzzer's main.
file(GLOB T24_FUZZ_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_*.c)
foreach(fuzz_src ${T24_FUZZ_SOURCES})
  get_filename_component(fuzz_name ${fuzz_src} NAME_WE)
  add_executable(${fuzz_name} ${fuzz_src})
  target_link_libraries(${fuzz_name} PRIVATE t24core)
  target_link_options(${fuzz_name} PRIVATE -fsanitize=fuzzer)
endforeach()
