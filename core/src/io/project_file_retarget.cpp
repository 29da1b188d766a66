// /retarget of a project file (docs/PROJECT_FORMAT.md): when the character brought its own
// skeleton, the joint map shown to the user and what retargeting started from (the clips'
// skeleton, the clips on it, the character's rest pose, the user's choices), so the map can
// change later. Absent otherwise.
#include <algorithm>

#include "project_file.h"

namespace fatgraph::project_file {
namespace {

using h5::Context;
using h5::Handle;

constexpr const char* kGroup = "/retarget";

JointMatch matchOf(const Context& ctx, const std::string& text) {
  for (JointMatch m : {JointMatch::None, JointMatch::Name, JointMatch::Geometry, JointMatch::Edit}) {
    if (text == jointMatchName(m)) return m;
  }
  ctx.fail(std::string(kGroup) + "/matched_by", "'" + text + "', expected none, name, geometry or edit");
}

// A rest pose is two datasets: its rotations (w, x, y, z) and its translations.
struct RestNames {
  const char* rotations;
  const char* translations;
};
constexpr RestNames kCharacterRest{schema::kCharacterRestRotations, schema::kCharacterRestTranslations};
constexpr RestNames kClipsRest{schema::kClipsRestRotations, schema::kClipsRestTranslations};

void writeRest(const Context& ctx, hid_t g, const RestNames& names, const Pose& pose) {
  std::vector<double> rotations, translations;
  for (const Quat& q : pose.rotations) rotations.insert(rotations.end(), {q.w(), q.x(), q.y(), q.z()});
  for (const Vec3& t : pose.translations) translations.insert(translations.end(), {t.x(), t.y(), t.z()});
  const std::string o = std::string(kGroup) + "/";
  const hsize_t j = pose.rotations.size();
  ctx.writeDataset(g, o + names.rotations, names.rotations, H5T_IEEE_F64LE, {j, 4}, 0, H5T_NATIVE_DOUBLE, rotations.data());
  ctx.writeDataset(g, o + names.translations, names.translations, H5T_IEEE_F64LE, {j, 3}, 0, H5T_NATIVE_DOUBLE,
                   translations.data());
}

Pose readRest(const Context& ctx, hid_t g, const RestNames& names, const Skeleton& skeleton) {
  const long long j = skeleton.jointCount();
  const std::vector<double> r = ctx.doubles(g, kGroup, names.rotations, {{j, "J"}, {4}});
  const std::vector<double> t = ctx.doubles(g, kGroup, names.translations, {{j, "J"}, {3}});
  Pose pose;
  for (long long i = 0; i < j; ++i) {
    const Quat q(r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3]);
    if (!(std::abs(q.norm() - 1) < 1e-6)) ctx.fail(std::string(kGroup) + "/" + names.rotations, jointLabel(skeleton.names, i) + ": not a unit quaternion");
    pose.rotations.push_back(q);
    const Vec3 v(t[3 * i], t[3 * i + 1], t[3 * i + 2]);
    if (!v.allFinite()) ctx.fail(std::string(kGroup) + "/" + names.translations, jointLabel(skeleton.names, i) + ": non-finite");
    pose.translations.push_back(v);
  }
  return pose;
}

}  // namespace

void writeRetarget(const Context& ctx, hid_t file, const Project& project) {
  const ProjectCharacter& c = project.character;
  if (!c.retargeted()) return;
  const std::string o = kGroup;
  Handle g = ctx.createGroup(file, schema::kRetarget, o);
  ctx.writeStrings(g.get(), o + "/follows", schema::kFollows, c.follows);
  std::vector<std::string> how;
  for (JointMatch m : c.matchedBy) how.push_back(jointMatchName(m));
  ctx.writeStrings(g.get(), o + "/matched_by", schema::kMatchedBy, how);
  std::vector<std::string> targets, sources;
  for (const JointMapChoice& choice : c.jointMapChoices) {
    targets.push_back(choice.target);
    sources.push_back(choice.source);
  }
  ctx.writeStrings(g.get(), o + "/choice_joints", schema::kChoiceJoints, targets);
  ctx.writeStrings(g.get(), o + "/choice_follows", schema::kChoiceFollows, sources);
  writeRest(ctx, g.get(), kCharacterRest, c.rest);
  writeSkeleton(ctx, g.get(), c.clipsSkeleton.skeleton, o);
  writeRest(ctx, g.get(), kClipsRest, c.clipsSkeleton.rest);
  Handle clips = ctx.createGroup(g.get(), schema::kClips, o + "/clips");
  for (size_t i = 0; i < c.sourceClips.size(); ++i) writeClip(ctx, clips.get(), clipGroupName(i), c.sourceClips[i], o);
}

void readRetarget(const Context& ctx, hid_t file, Project& project) {
  if (!ctx.hasLink(file, schema::kRetarget, "/")) return;
  const std::string o = kGroup;
  if (project.character.empty()) ctx.fail(o, "a joint map without a character (/character)");
  Handle g = ctx.openGroup(file, schema::kRetarget, o);
  ProjectCharacter& c = project.character;
  const long long j = project.skeleton.jointCount();
  c.follows = ctx.strings(g.get(), o, schema::kFollows, j);
  c.matchedBy.clear();
  for (const std::string& m : ctx.strings(g.get(), o, schema::kMatchedBy, j)) c.matchedBy.push_back(matchOf(ctx, m));
  const std::vector<std::string> targets = ctx.strings(g.get(), o, schema::kChoiceJoints, -1);
  const std::vector<std::string> sources = ctx.strings(g.get(), o, schema::kChoiceFollows, static_cast<long long>(targets.size()));
  c.jointMapChoices.clear();
  for (size_t i = 0; i < targets.size(); ++i) c.jointMapChoices.push_back({targets[i], sources[i]});
  c.rest = readRest(ctx, g.get(), kCharacterRest, project.skeleton);
  Skeleton clipsSkeleton = readSkeleton(ctx, g.get(), o);
  if (std::string e = clipsSkeleton.validate(); !e.empty()) ctx.fail(o + "/skeleton", e);
  c.clipsSkeleton = {clipsSkeleton, readRest(ctx, g.get(), kClipsRest, clipsSkeleton)};
  Handle clips = ctx.openGroup(g.get(), schema::kClips, o + "/clips");
  c.sourceClips.clear();
  for (const std::string& name : numberedGroupNames(ctx, clips.get(), o + "/clips", "clip")) {
    c.sourceClips.push_back(readClip(ctx, clips.get(), name, clipsSkeleton, o));
  }
  const auto captured = static_cast<size_t>(std::count_if(
      project.clips.begin(), project.clips.end(), [](const Clip& clip) { return !clip.generated; }));
  if (c.sourceClips.size() != captured) {
    ctx.fail(o + "/clips", std::to_string(c.sourceClips.size()) + " clips, expected one per captured project clip (" +
                               std::to_string(captured) + ": the clips without the attribute 'generated')");
  }
  for (const std::string& name : c.follows) {
    if (!name.empty() && clipsSkeleton.find(name) < 0) ctx.fail(o + "/follows", "names '" + name + "', not a joint of " + o + "/skeleton");
  }
}

}  // namespace fatgraph::project_file
