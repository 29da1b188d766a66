// libFuzzer target: the game-facing loader (loadRuntimeGraph, HDF5 .fgraph) on arbitrary
// bytes, written to a file first (the loader reads paths only). It must either return a graph
// or throw std::runtime_error naming the file. A graph it returns has passed
// RuntimeGraph::validate(), which is what lets the player index its data without bounds
// checks, so the target then plays it for a second of stick input on its start edge: a
// crash or sanitizer report there is a finding against validate() as much as the player.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "fatgraph/runtime/player.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "fuzz_input_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const fatgraph::fuzz::InputFile input("input.fgraph");
  const std::string& path = input.write(data, size);
  fatgraph::RuntimeGraph graph;
  try {
    graph = fatgraph::loadRuntimeGraph(path);
  } catch (const std::runtime_error& e) {
    // A clean, reported error must name the file first (one line "<file>: ...").
    if (std::string(e.what()).rfind(path + ": ", 0) != 0) std::abort();
    return 0;
  }
  fatgraph::Player player(graph);
  const int edges = static_cast<int>(graph.edges.size());
  for (int k = 0; k < 30; ++k) {
    const float x = (k % 7) / 3.0f - 1.0f, y = (k % 5) / 2.0f - 1.0f;
    player.update(1.0f / 30.0f, x, y, edges > 0 ? k % edges : -1);
  }
  return 0;
}
