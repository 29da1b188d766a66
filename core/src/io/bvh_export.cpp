#include "fatgraph/core/io/bvh_export.h"

#include <charconv>
#include <cmath>
#include <numbers>
#include <vector>

#include "fatgraph/io/atomic_file.h"
#include "fatgraph/core/model/error.h"

namespace fatgraph {
namespace {

class BvhWriter {
 public:
  BvhWriter(const Skeleton& skeleton, const BvhExportOptions& options)
      : skeleton_(skeleton), options_(options), scale_(1.0 / options.metresPerUnit) {}

  void number(double v) {
    if (std::abs(v) < 0.5 * std::pow(10.0, -options_.decimals)) v = 0.0;  // no "-0.000000"
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, options_.decimals);
    out_.append(buf, r.ptr);
  }

  void hierarchy() {
    out_ += "HIERARCHY\n";
    for (int j = 0; j < skeleton_.jointCount(); ++j) {
      if (skeleton_.parents[j] < 0) joint(j, 0);
    }
  }

  void motion(const Clip& clip) {
    out_ += "MOTION\nFrames: " + std::to_string(clip.frameCount()) + "\nFrame Time: ";
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, 1.0 / clip.fps, std::chars_format::general, 17);
    out_.append(buf, r.ptr);
    out_ += '\n';
    const int n = skeleton_.jointCount();
    std::vector<Vec3> previous(n, Vec3::Zero());
    const double toDeg = 180.0 / std::numbers::pi;
    for (int f = 0; f < clip.frameCount(); ++f) {
      const auto rot = clip.frameRotations(f);
      const auto tr = clip.frameTranslations(f);
      bool first = true;
      auto separator = [&] { if (!first) out_ += ' '; first = false; };
      for (int j : order_) {
        if (hasPositionChannels(j)) {
          const Vec3 p =
              (options_.absoluteTranslations ? tr[j] : Vec3(tr[j] - skeleton_.restOffsets[j])) * scale_;
          for (int a = 0; a < 3; ++a) { separator(); number(p[a]); }
        }
        Vec3 e = quatToEuler(rot[j], options_.rotationOrder);
        if (f > 0) e = eulerNearest(e, previous[j], options_.rotationOrder);
        previous[j] = e;
        for (int a = 0; a < 3; ++a) { separator(); number(e[a] * toDeg); }
      }
      out_ += '\n';
    }
  }

  std::string take() { return std::move(out_); }

 private:
  bool hasPositionChannels(int j) const {
    return options_.positionChannelsOnEveryJoint || skeleton_.parents[j] < 0 ||
           skeleton_.animatedTranslation[j];
  }

  void indent(int depth) { out_.append(static_cast<size_t>(depth), '\t'); }

  void offsetLine(const Vec3& offset, int depth) {
    indent(depth);
    out_ += "OFFSET";
    for (int a = 0; a < 3; ++a) { out_ += ' '; number(offset[a] * scale_); }
    out_ += '\n';
  }

  void joint(int j, int depth) {
    order_.push_back(j);
    indent(depth);
    out_ += (depth == 0 ? "ROOT " : "JOINT ") + skeleton_.names[j] + "\n";
    indent(depth);
    out_ += "{\n";
    offsetLine(skeleton_.restOffsets[j], depth + 1);
    indent(depth + 1);
    const char axis[3] = {'X', 'Y', 'Z'};
    if (hasPositionChannels(j)) {
      out_ += "CHANNELS 6 Xposition Yposition Zposition";
    } else {
      out_ += "CHANNELS 3";
    }
    for (int n = 0; n < 3; ++n) {
      out_ += ' ';
      out_ += axis[eulerAxis(options_.rotationOrder, n)];
      out_ += "rotation";
    }
    out_ += '\n';
    for (int c : skeleton_.children(j)) joint(c, depth + 1);
    for (const EndSite& e : skeleton_.endSites) {
      if (e.parent != j) continue;
      indent(depth + 1);
      out_ += "End Site\n";
      indent(depth + 1);
      out_ += "{\n";
      offsetLine(e.offset, depth + 2);
      indent(depth + 1);
      out_ += "}\n";
    }
    indent(depth);
    out_ += "}\n";
  }

  const Skeleton& skeleton_;
  const BvhExportOptions& options_;
  double scale_;
  std::vector<int> order_;  // joints in file (depth-first) order = channel order
  std::string out_;
};

}  // namespace

std::string writeBvh(const Skeleton& skeleton, const Clip& clip, const BvhExportOptions& options) {
  if (std::string e = skeleton.validate(); !e.empty()) throw Error("cannot export BVH: " + e);
  if (std::string e = clip.validate(skeleton); !e.empty()) throw Error("cannot export BVH: " + e);
  if (!(options.metresPerUnit > 0)) throw Error("cannot export BVH: unit scale must be positive");
  BvhWriter w(skeleton, options);
  w.hierarchy();
  w.motion(clip);
  return w.take();
}

void exportBvh(const std::string& path, const Skeleton& skeleton, const Clip& clip,
               const BvhExportOptions& options) {
  writeFileAtomically(path, writeBvh(skeleton, clip, options));
}

}  // namespace fatgraph
