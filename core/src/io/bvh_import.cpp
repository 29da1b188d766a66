#include "fatgraph/core/io/bvh_import.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>
#include <vector>

#include "fatgraph/core/model/error.h"
#include "text_scanner.h"

namespace fatgraph {
namespace {

using detail::TextScanner;

// One channel of a joint: which quantity and along which axis (0 = X, 1 = Y, 2 = Z).
struct Channel {
  bool rotation = false;
  int axis = 0;
};

struct JointChannels {
  std::vector<Channel> channels;
  bool hasPosition = false;
};

bool parseChannelName(std::string_view name, Channel& out) {
  if (name.size() != 9) return false;
  const char axis = name[0];
  if (axis != 'X' && axis != 'Y' && axis != 'Z' && axis != 'x' && axis != 'y' && axis != 'z') {
    return false;
  }
  out.axis = (axis == 'X' || axis == 'x') ? 0 : (axis == 'Y' || axis == 'y') ? 1 : 2;
  const std::string_view kind = name.substr(1);
  if (kind == "rotation") { out.rotation = true; return true; }
  if (kind == "position") { out.rotation = false; return true; }
  return false;
}

class HierarchyParser {
 public:
  HierarchyParser(TextScanner& in, const BvhImportOptions& options, Skeleton& skeleton,
                  std::vector<JointChannels>& channels)
      : in_(in), options_(options), skeleton_(skeleton), channels_(channels) {}

  void parse() {
    in_.expect("HIERARCHY");
    std::string_view t = in_.token();
    if (t != "ROOT") in_.fail("expected 'ROOT', found " + TextScanner::describe(t));
    for (;;) {
      parseJoint(-1, 0);
      t = in_.token();
      if (t == "MOTION") return;
      if (t != "ROOT") in_.fail("expected 'ROOT' or 'MOTION', found " + TextScanner::describe(t));
    }
  }

 private:
  void parseJoint(int parent, int depth) {
    if (depth > options_.maxDepth) {
      in_.fail("hierarchy deeper than " + std::to_string(options_.maxDepth) + " joints");
    }
    if (skeleton_.jointCount() >= options_.maxJoints) {
      in_.fail("more than " + std::to_string(options_.maxJoints) + " joints");
    }
    const std::string name(in_.restOfLine());
    if (name.empty()) in_.fail("expected a joint name");
    if (name == "{") in_.fail("expected a joint name before '{'");
    if (skeleton_.find(name) >= 0) in_.fail("duplicate joint name '" + name + "'");
    in_.expect("{");
    in_.expect("OFFSET");
    Vec3 offset;
    for (int a = 0; a < 3; ++a) offset[a] = in_.number("an OFFSET value");
    JointChannels jc;
    std::string_view t = in_.token();
    if (t == "CHANNELS") {
      const long long count = in_.integer("a channel count");
      if (count < 0 || count > 6) {
        in_.fail("expected 0 to 6 channels for joint '" + name + "', found " + std::to_string(count));
      }
      bool seen[2][3] = {};
      for (long long c = 0; c < count; ++c) {
        if (in_.lineEnded()) {
          in_.fail("joint '" + name + "' declares " + std::to_string(count) +
                   " channels but lists " + std::to_string(c));
        }
        const std::string_view cn = in_.tokenOnLine();
        Channel ch;
        if (!parseChannelName(cn, ch)) {
          in_.fail("expected a channel name (Xposition ... Zrotation), found " + TextScanner::describe(cn));
        }
        if (seen[ch.rotation][ch.axis]) in_.fail("channel " + std::string(cn) + " listed twice");
        seen[ch.rotation][ch.axis] = true;
        jc.hasPosition |= !ch.rotation;
        jc.channels.push_back(ch);
      }
      if (!in_.lineEnded()) {
        in_.fail("joint '" + name + "' declares " + std::to_string(count) +
                 " channels but lists more: " + TextScanner::describe(in_.tokenOnLine()));
      }
      t = in_.token();
    }
    const int index = skeleton_.addJoint(name, parent, offset, jc.hasPosition);
    channels_.push_back(std::move(jc));
    for (;;) {
      if (t == "}") return;
      if (t == "JOINT") {
        parseJoint(index, depth + 1);
      } else if (t == "End") {
        in_.expect("Site");
        parseEndSite(index);
      } else {
        in_.fail("expected 'JOINT', 'End Site' or '}' in joint '" + name + "', found " +
                 TextScanner::describe(t));
      }
      t = in_.token();
    }
  }

  void parseEndSite(int parent) {
    in_.expect("{");
    in_.expect("OFFSET");
    Vec3 offset;
    for (int a = 0; a < 3; ++a) offset[a] = in_.number("an End Site OFFSET value");
    in_.expect("}");
    skeleton_.endSites.push_back({parent, offset});
  }

  TextScanner& in_;
  const BvhImportOptions& options_;
  Skeleton& skeleton_;
  std::vector<JointChannels>& channels_;
};

Quat channelRotation(const Channel& ch, double degrees) {
  const double rad = degrees * (std::numbers::pi / 180.0);
  return Quat(Eigen::AngleAxisd(rad, Vec3::Unit(ch.axis)));
}

// Longest accepted frame time, seconds (a key-frame BVH at one frame per minute).
constexpr double kMaxFrameTime = 60.0;

// Reads the MOTION section into `clip` (file units, no T-pose handling).
void parseMotion(TextScanner& in, const Skeleton& skeleton,
                 const std::vector<JointChannels>& channels, const BvhImportOptions& options,
                 Clip& clip, int& fileFrames, double& fileFps) {
  // Read additively here (OFFSET + channels); rig_conventions.h decides afterwards whether
  // the file meant the channels alone.
  in.expect("Frames:");
  const long long frames = in.integer("the frame count after 'Frames:'");
  if (frames < 0) in.fail("expected a non-negative frame count, found " + std::to_string(frames));
  if (frames > options.maxFrames) {
    in.fail("header claims " + std::to_string(frames) + " frames, more than the limit of " +
            std::to_string(options.maxFrames));
  }
  in.expect("Frame");
  in.expect("Time:");
  const double frameTime = in.number("the frame time after 'Frame Time:'");
  if (!(frameTime > 0) || 1.0 / frameTime > 100000.0) {
    in.fail("expected a positive frame time, found " + std::to_string(frameTime));
  }
  // Resampling to a working rate multiplies the frames by rate x frame time: a tiny file with
  // a frame time of days would become millions of frames.
  if (frameTime > kMaxFrameTime) {
    in.fail("expected a positive frame time of at most " + std::to_string(int(kMaxFrameTime)) +
            " s, found " + std::to_string(frameTime));
  }
  size_t channelCount = 0;
  for (const JointChannels& jc : channels) channelCount += jc.channels.size();
  fileFrames = static_cast<int>(frames);
  // Frame times are printed with few digits (120 fps as .0083333 gives 120.0005): snap a
  // rate within 0.01 % of a whole number to it, so 120 fps files report and resample as 120.
  fileFps = 1.0 / frameTime;
  if (std::abs(fileFps - std::round(fileFps)) < 1e-4 * fileFps) fileFps = std::round(fileFps);
  clip.fps = fileFps;
  clip.sourceFps = fileFps;
  const int jointCount = skeleton.jointCount();
  clip.jointCount = jointCount;
  // Storage grows with the frames actually read: every value takes at least two bytes
  // ("0 "), so a header claiming more frames than the text can hold never reserves more
  // than the file could fill, and a truncated file is reported frame by frame.
  const size_t fitting = in.remainingBytes() / (2 * std::max<size_t>(channelCount, 1)) + 1;
  const size_t reserveFrames = std::min(static_cast<size_t>(frames), fitting);
  clip.rotations.reserve(reserveFrames * jointCount);
  clip.translations.reserve(reserveFrames * jointCount);

  in.nextLine();  // the rest of the "Frame Time:" line must be blank
  if (channelCount == 0) {
    // Nothing is animated: every frame is the rest pose and the file holds no data lines, so
    // the text does not bound the frame count: bound the poses stored instead.
    if (static_cast<double>(frames) * jointCount > static_cast<double>(options.maxFrames)) {
      in.fail("header claims " + std::to_string(frames) + " frames of " +
              std::to_string(jointCount) + " joints without channels, more than the limit of " +
              std::to_string(options.maxFrames) + " rest poses");
    }
    for (long long f = 0; f < frames; ++f) clip.appendPose(Pose::rest(skeleton));
  }
  std::vector<double> values(channelCount);
  for (long long f = 0; f < frames && channelCount > 0; ++f) {
    // Skip blank lines between frames.
    while (!in.atEnd() && in.lineEnded()) in.nextLine();
    if (in.atEnd()) {
      in.fail("file ends after " + std::to_string(f) + " of " + std::to_string(frames) +
              " frames declared by 'Frames:'");
    }
    for (size_t c = 0; c < channelCount; ++c) {
      const std::string_view t = in.tokenOnLine();
      if (t.empty()) {
        in.fail("frame " + std::to_string(f) + " has " + std::to_string(c) + " values, expected " +
                std::to_string(channelCount));
      }
      if (!TextScanner::parseNumber(t, values[c])) {
        in.fail("frame " + std::to_string(f) + ", channel " + std::to_string(c + 1) +
                ": expected a finite number, found " + TextScanner::describe(t));
      }
    }
    if (!in.lineEnded()) {
      in.fail("frame " + std::to_string(f) + " has more than the " + std::to_string(channelCount) +
              " values the hierarchy declares");
    }
    in.nextLine();
    size_t c = 0;
    for (int j = 0; j < jointCount; ++j) {
      Quat q = Quat::Identity();
      Vec3 t = skeleton.restOffsets[j];
      for (const Channel& ch : channels[j].channels) {
        const double v = values[c++];
        if (ch.rotation) {
          q = q * channelRotation(ch, v);
        } else {
          t[ch.axis] += v;
        }
      }
      clip.rotations.push_back(q.normalized());
      clip.translations.push_back(t);
    }
  }
  while (!in.atEnd() && in.lineEnded()) in.nextLine();
  if (!in.atEnd()) {
    in.fail("more data after the " + std::to_string(frames) +
            " frames declared by 'Frames:' (expected end of file)");
  }
}

void scaleLengths(Skeleton& skeleton, Clip& clip, double scale) {
  for (Vec3& o : skeleton.restOffsets) o *= scale;
  for (EndSite& e : skeleton.endSites) e.offset *= scale;
  for (Vec3& t : clip.translations) t *= scale;
}

PositionChannelAxes positionAxes(const std::vector<JointChannels>& channels) {
  PositionChannelAxes axes;
  for (const JointChannels& jc : channels) {
    unsigned char mask = 0;
    for (const Channel& ch : jc.channels)
      if (!ch.rotation) mask |= static_cast<unsigned char>(1u << ch.axis);
    axes.push_back(mask);
  }
  return axes;
}

TranslationDecision decideTranslationConvention(const Skeleton& skeleton, const Clip& clip,
                                                const std::vector<JointChannels>& channels,
                                                const RigConventionOptions& options) {
  if (options.translations == TranslationConvention::Auto) {
    return decideTranslations(skeleton, clip, positionAxes(channels));
  }
  TranslationDecision forced;
  forced.convention = options.translations;
  return forced;
}

// Up axis and motion root, in metres, on the clip as read (the T-pose frame included: it is
// where the rest of the take stands too).
void applyUpAndMotionRoot(Skeleton& skeleton, Clip& clip, const RigConventionOptions& options,
                          const std::string& fileName, RigReport& report) {
  if (options.up == UpAxisChoice::Auto) {
    report.up = detectUpAxis(skeleton, clip);
  } else {
    report.up.up = options.up;
  }
  if (report.up.up == UpAxisChoice::Z) convertZUpToYUp(skeleton, clip);
  if (options.motionRoot.empty()) {
    report.motionRoot = detectMotionRoot(skeleton, clip);
  } else {
    const int joint = skeleton.find(options.motionRoot);
    if (joint < 0) {
      throw FileError(fileName, 0, "--motion-root names '" + options.motionRoot +
                                       "', which is not a joint of this file");
    }
    report.motionRoot.joint = joint;
    report.motionRoot.rootTravelM = jointGroundPath(skeleton, clip, 0);
    report.motionRoot.jointTravelM = jointGroundPath(skeleton, clip, joint);
  }
  skeleton.motionRoot = report.motionRoot.joint;
}

std::string baseName(const std::string& path) {
  return std::filesystem::path(path).stem().string();
}

}  // namespace

BvhImport parseBvh(std::string_view text, const std::string& fileName,
                   const BvhImportOptions& options) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    throw FileError(fileName, 0, "empty file, expected a BVH 'HIERARCHY' section");
  }
  TextScanner in(text, fileName);
  BvhImport out;
  std::vector<JointChannels> channels;
  HierarchyParser(in, options, out.skeleton, channels).parse();
  Clip& clip = out.clip;
  clip.name = baseName(fileName);
  clip.source = fileName;
  parseMotion(in, out.skeleton, channels, options, clip, out.fileFrames, out.fileFps);

  // Channels holding the whole translation change what the rest offsets mean, so this comes
  // before the unit guess reads them.
  out.rig.translations = decideTranslationConvention(out.skeleton, clip, channels, options.rig);
  if (out.rig.translations.convention == TranslationConvention::Absolute) {
    applyAbsoluteTranslations(out.skeleton, clip, positionAxes(channels));
  }
  out.units = options.units;
  out.unitsDetected = options.units == BvhUnits::Auto;
  if (out.unitsDetected) out.units = detectUnitsFromMotion(out.skeleton, clip);
  out.unitScale = unitScale(out.units);
  scaleLengths(out.skeleton, clip, out.unitScale);
  applyUpAndMotionRoot(out.skeleton, clip, options.rig, fileName, out.rig);

  const ReferencePoseCheck check = detectReferencePose(clip);
  out.referencePoseDetected = check.detected;
  out.referencePoseJumpDeg = check.jumpDeg;
  if (check.detected && options.dropReferencePose) {
    clip = subClip(clip, 1, clip.frameCount() - 1);
    clip.sourceFirstFrame = 1;
    out.referencePoseDropped = true;
  }
  // After the T-pose is gone (it would break the loop, and look like a foot leaping);
  // loops are repeated first so root motion from the feet runs through the repetition.
  out.rig.loop = repeatLoopingClip(out.skeleton, clip, !options.rig.keepLoops);
  out.rig.inPlace = giveInPlaceRootMotion(out.skeleton, clip, !options.rig.keepInPlace);
  if (options.resampleFps > 0 && std::abs(options.resampleFps - clip.fps) > 1e-9) {
    // A tiny file with a huge frame time would resample to millions of frames.
    const double resampledFrames =
        std::max(clip.frameCount() - 1, 0) * (options.resampleFps / clip.fps) + 1;
    if (resampledFrames > static_cast<double>(options.maxFrames)) {
      throw FileError(fileName, 0,
                      "resampling " + std::to_string(clip.frameCount()) + " frames at " +
                          std::to_string(clip.fps) + " fps to " +
                          std::to_string(options.resampleFps) + " fps gives more than the limit of " +
                          std::to_string(options.maxFrames) + " frames");
    }
    clip = resample(clip, options.resampleFps);
  }
  if (std::string e = out.skeleton.validate(); !e.empty()) throw FileError(fileName, 0, e);
  return out;
}

BvhImport importBvh(const std::string& path, const BvhImportOptions& options) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw FileError(path, 0, "is a directory, expected a BVH file");
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) throw FileError(path, 0, "cannot open file for reading");
  std::ostringstream buffer;
  buffer << file.rdbuf();
  if (file.bad()) throw FileError(path, 0, "read error");
  const std::string text = std::move(buffer).str();
  return parseBvh(text, path, options);
}

}  // namespace fatgraph
