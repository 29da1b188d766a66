// The fat edges' segments as glTF animations (gltf_export.h): what `fatgraph export --gltf`
// writes so an engine can build its own blend tree from the same motion the graph blends.
#include <cmath>
#include <string>

#include "fatgraph/core/body/body_generation.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/gltf_export.h"

namespace fatgraph {
namespace {

std::string sourceFrame(const Clip& clip, int frame) {
  return std::to_string(static_cast<long long>(std::llround(clip.sourceFrame(frame))));
}

}  // namespace

std::vector<Clip> fatEdgeSegmentClips(const Project& project) {
  const MotionGraph& g = project.graph;
  std::vector<Clip> out;
  for (const FatEdge& edge : g.fatEdges) {
    for (size_t j = 0; j < edge.segments.size(); ++j) {
      const Segment& s = g.segments.at(size_t(edge.segments[j]));
      const Clip& clip = project.clips.at(size_t(s.clip));
      Clip segment = subClip(clip, s.first, s.frameCount());
      segment.name = edge.name + "/segment" + std::to_string(j) + ": " + clip.name + " " +
                     sourceFrame(clip, s.first) + "-" + sourceFrame(clip, s.last);
      out.push_back(std::move(segment));
    }
  }
  return out;
}

int exportFatEdgeSegmentsGltf(const std::string& path, const Project& project, bool body) {
  const std::vector<Clip> clips = fatEdgeSegmentClips(project);
  if (clips.empty()) throw Error(path + ": the project has no fat edge to export; nothing written");
  const SkinnedMesh mesh = body ? generatedBodyOrNone(project.skeleton) : SkinnedMesh{};
  exportGltf(path, project.skeleton, mesh, clips);
  return static_cast<int>(clips.size());
}

}  // namespace fatgraph
