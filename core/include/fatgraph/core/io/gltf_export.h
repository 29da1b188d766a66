#pragma once
// glTF 2.0 export: a skeleton, a skinned mesh bound to it and clips as animations, in the form
// engines load (.glb, or .gltf with its one buffer embedded as a base64 data URI, so either is
// a single file). glTF is metres, Y up and front +Z, the project's own frame
// (docs/DESIGN.md, Conventions), so nothing is turned or scaled. One node per joint (its rest
// offset, no rotation, is the bind pose), one skin, the mesh at the scene root, one LINEAR
// animation per clip named after it (a rotation channel per joint; a translation channel
// where the clip moves a joint off its rest offset). The file's layout, accessor by accessor:
// docs/PLAY.md, "The glTF written". importGltf reads the file back to the same joints and
// world positions (float precision). Failures throw fatgraph::Error; a file is replaced only by
// a complete new one.
#include <span>
#include <string>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/project.h"
#include "fatgraph/core/model/skeleton.h"
#include "fatgraph/runtime/skinning.h"

namespace fatgraph {

/// The glTF bytes: a .glb when `binary`, else .gltf JSON text with its buffer embedded.
/// `mesh` must be empty or valid for the skeleton (SkinnedMesh::validate), every clip of the
/// skeleton (Clip::validate) with a positive rate. Throws fatgraph::Error naming what is wrong.
std::string writeGltf(const Skeleton& skeleton, const SkinnedMesh& mesh,
                      std::span<const Clip> animations, bool binary);

/// Writes the file atomically (temp file + rename: an existing file is replaced only once the
/// new one is complete), binary when `path` ends in .glb (any case), JSON for .gltf. Every
/// error names the file: another extension, writeGltf's refusals ("<path>: glTF export: ..."),
/// a file that cannot be written; the old file is then untouched.
void exportGltf(const std::string& path, const Skeleton& skeleton, const SkinnedMesh& mesh,
                std::span<const Clip> animations);

/// Every fat edge's member segments as clips, for an engine's own blend tree: edge by edge in
/// the graph's order, each edge's segments in its own order, frames [first, last] of the
/// segment's clip as recorded (its world placement kept, time starting at 0), named
/// "<edge>/segment<j>: <clip> <from>-<to>" with <from> and <to> the segment's first and last
/// frames in the source file (the numbering hubs report). Empty when the project has no graph.
std::vector<Clip> fatEdgeSegmentClips(const Project& project);

/// exportGltf of the project's skeleton, its generated body (none when `body` is false, or when
/// the skeleton has no bone to wrap) and fatEdgeSegmentClips. Returns the animation count.
/// Throws fatgraph::Error when the project has no fat edge, before anything is written.
int exportFatEdgeSegmentsGltf(const std::string& path, const Project& project, bool body = true);

}  // namespace fatgraph
