// fatgraph body CLIP.bvh -o body.obj: the generated body (body_generation.h) as a Wavefront
// OBJ any 3D tool opens, in the bind pose or skinned to one frame of the clip.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "command_line.h"
#include "commands.h"
#include "fatgraph/io/atomic_file.h"
#include "fatgraph/core/body/body_generation.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/forward_kinematics.h"

namespace fatgraph::cli {

namespace {

void appendLine(std::string& out, const char* tag, const Float3& v) {
  char line[128];
  std::snprintf(line, sizeof line, "%s %.6f %.6f %.6f\n", tag, v.x, v.y, v.z);
  out += line;
}

// One OBJ object per part ("o <joint name>"), so a viewer lists the parts by bone.
std::string objText(const Skeleton& skeleton, const GeneratedBody& body,
                    std::span<const Float3> positions, std::span<const Float3> normals) {
  std::string out = "# fatgraph body: " + std::to_string(body.mesh.vertexCount()) + " vertices, " +
                    std::to_string(body.mesh.triangleCount()) + " triangles, metres, Y up\n";
  for (const Float3& p : positions) appendLine(out, "v", p);
  for (const Float3& n : normals) appendLine(out, "vn", n);
  size_t triangle = 0;
  for (const BodyPart& part : body.parts) {
    out += "o " + skeleton.names[part.joint] + "\n";
    const auto end = static_cast<std::uint32_t>(part.firstVertex + part.vertexCount);
    for (; triangle + 2 < body.mesh.triangles.size() && body.mesh.triangles[triangle] < end;
         triangle += 3) {
      out += "f";
      for (int k = 0; k < 3; ++k) {
        const std::string i = std::to_string(body.mesh.triangles[triangle + k] + 1);
        out += " " + i + "//" + i;
      }
      out += "\n";
    }
  }
  return out;
}

}  // namespace

int runBody(const std::vector<std::string>& args) {
  CommandLine cl("body", "CLIP.bvh -o BODY.obj [--frame N] [--thickness T] [--units U]\n"
                 "       [--translations C] [--up A] [--motion-root NAME] [--in-place M] [--loops L] [--json]",
                 "Generate the skinned body of the clip's skeleton (capsules and tapered\n"
                 "ellipsoids per bone, smooth blend weights) and write it as a Wavefront OBJ:\n"
                 "the bind (rest) pose, or with --frame the clip's pose N skinned on the CPU.");
  cl.option("-o", "BODY.obj", "output file (written atomically)");
  cl.option("--frame", "N", "skin the body to frame N of the clip instead of the bind pose");
  cl.option("--thickness", "T", "scale every part's radius (default 1)");
  cl.option("--units", "U", "length unit of the input: auto (default), m, cm, cmu, in, mm");
  declareRigOptions(cl);
  cl.flag("--json", "print one JSON object on stdout");
  if (!cl.parse(args)) return 0;
  if (cl.positional().size() != 1) throw UsageError{"expected exactly one input file (see --help)"};
  const auto out = cl.value("-o");
  if (!out || out->empty()) throw UsageError{"missing -o BODY.obj"};
  BvhImportOptions importOptions;
  importOptions.units = unitsOption(cl);
  importOptions.rig = rigOptions(cl);
  const BvhImport bvh = importBvh(cl.positional().front(), importOptions);
  BodyOptions options;
  options.thickness = static_cast<float>(cl.number("--thickness", 1.0));
  const GeneratedBody body = generateBody(bvh.skeleton, options);

  std::vector<Float3> positions = body.mesh.positions, normals = body.mesh.normals;
  const int frame = cl.integer("--frame", -1);
  if (cl.has("--frame")) {
    if (frame < 0 || frame >= bvh.clip.frameCount())
      throw UsageError{"--frame expects a frame in [0, " + std::to_string(bvh.clip.frameCount()) + ")"};
    const int n = bvh.skeleton.jointCount();
    std::vector<Quat> rotations(n);
    std::vector<Vec3> modelPositions(n);
    clipFrameToModel(bvh.skeleton, bvh.clip, frame, rotations, modelPositions);
    skinBody(body.mesh, rotations, modelPositions, positions, &normals);
  }
  writeFileAtomically(*out, objText(bvh.skeleton, body, positions, normals));

  if (cl.has("--json")) {
    nlohmann::json j = {{"input", cl.positional().front()},
                        {"output", *out},
                        {"joints", bvh.skeleton.jointCount()},
                        {"parts", body.parts.size()},
                        {"vertices", body.mesh.vertexCount()},
                        {"triangles", body.mesh.triangleCount()},
                        {"frame", frame}};
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << "wrote " << *out << ": " << body.parts.size() << " parts, "
              << body.mesh.vertexCount() << " vertices, " << body.mesh.triangleCount()
              << " triangles (" << (frame >= 0 ? "frame " + std::to_string(frame) : "bind pose")
              << ")\n";
  }
  return 0;
}

}  // namespace fatgraph::cli
