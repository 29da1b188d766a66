// fatgraph body CLIP.bvh -o body.obj: the generated body (body_generation.h) as a Wavefront
// OBJ any 3D tool opens, in the bind pose or skinned to one frame of the clip.
#include <cstdio>
#include <iostream>
#include <optional>
#include <nlohmann/json.hpp>
#include <string>

#include "command_line.h"
#include "command_options.h"
#include "commands.h"
#include "fatgraph/io/atomic_file.h"
#include "fatgraph/core/body/body_generation.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "option_checks.h"

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

// What `fatgraph body` is asked.
struct BodyRequest {
  std::string input, output;
  std::optional<int> frame;  // the bind pose when absent
  double thickness = 1.0;    // scales every part's radius
  BvhUnits units = BvhUnits::Auto;
  RigConventionOptions rig;
  bool json = false;
};

// The body's vertices and normals: the bind pose, or skinned to the frame asked for.
void poseBody(const BvhImport& bvh, const GeneratedBody& body, std::optional<int> frame, std::vector<Float3>& positions,
              std::vector<Float3>& normals) {
  positions = body.mesh.positions;
  normals = body.mesh.normals;
  if (!frame) return;
  if (*frame >= bvh.clip.frameCount())
    throw UsageError{"--frame: expects a frame of the clip, in [0, " + std::to_string(bvh.clip.frameCount()) +
                     "), got '" + std::to_string(*frame) + "'"};
  const int n = bvh.skeleton.jointCount();
  std::vector<Quat> rotations(n);
  std::vector<Vec3> modelPositions(n);
  clipFrameToModel(bvh.skeleton, bvh.clip, *frame, rotations, modelPositions);
  skinBody(body.mesh, rotations, modelPositions, positions, &normals);
}

int runBody(const BodyRequest& r) {
  BvhImportOptions importOptions;
  importOptions.units = r.units;
  importOptions.rig = r.rig;
  const BvhImport bvh = importBvh(r.input, importOptions);
  BodyOptions options;
  options.thickness = static_cast<float>(r.thickness);
  const GeneratedBody body = generateBody(bvh.skeleton, options);
  std::vector<Float3> positions, normals;
  poseBody(bvh, body, r.frame, positions, normals);
  writeFileAtomically(r.output, objText(bvh.skeleton, body, positions, normals));

  if (r.json) {
    nlohmann::json j = {{"input", r.input},
                        {"output", r.output},
                        {"joints", bvh.skeleton.jointCount()},
                        {"parts", body.parts.size()},
                        {"vertices", body.mesh.vertexCount()},
                        {"triangles", body.mesh.triangleCount()},
                        {"frame", r.frame.value_or(-1)}};
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << "wrote " << r.output << ": " << body.parts.size() << " parts, " << body.mesh.vertexCount()
              << " vertices, " << body.mesh.triangleCount() << " triangles ("
              << (r.frame ? "frame " + std::to_string(*r.frame) : "bind pose") << ")\n";
  }
  return 0;
}

}  // namespace

void addBodyCommand(CommandLine& commandLine) {
  auto [command, r] = commandLine.addCommand<BodyRequest>(
      "body", "generate a clip's skinned body; write a Wavefront OBJ",
      "Generate the skinned body of the clip's skeleton (capsules and tapered ellipsoids per bone, smooth "
      "blend weights) and write it as a Wavefront OBJ: the bind (rest) pose, or with --frame the clip's "
      "pose N skinned on the CPU.", runBody);
  command.add_option("CLIP", r.input, "the clip whose skeleton gets the body")->type_name("CLIP.bvh")->required();
  addOutputOption(command, r.output, "BODY.obj", "output file (written atomically)")->required();
  command.add_option("--frame", r.frame, "skin the body to frame N of the clip instead of the bind pose")
      ->type_name("N")
      ->transform(integerIn(0));
  command.add_option("--thickness", r.thickness, "scale every part's radius")
      ->type_name("T")
      ->check(positiveNumber())
      ->capture_default_str();
  addUnitsOption(command, r.units, "length unit of the input: auto (default), m, cm, cmu, in, mm");
  addRigOptions(command, r.rig);
  addJsonFlag(command, r.json);
}

}  // namespace fatgraph::cli
