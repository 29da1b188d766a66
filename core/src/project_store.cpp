// The HDF5 project store (schema: docs/PROJECT_FORMAT.md).
#include "fatgraph/core/project_store.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <new>

#include "fatgraph/core/atomic_file.h"
#include "fatgraph/core/error.h"
#include "hdf5_file.h"

namespace fatgraph {

namespace {

using h5::Context;
using h5::Handle;

constexpr const char* kFileType = "fatgraph.project";
constexpr const char* kGenerator = "fatgraph 0.1.0";
constexpr double kUnitTolerance = 1e-6;  // same as Clip::validate

static_assert(sizeof(Vec3) == 3 * sizeof(double), "Vec3 must be three packed doubles");
static_assert(sizeof(Quat) == 4 * sizeof(double), "Quat must be four packed doubles");

std::string clipGroupName(size_t index) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04zu", index);
  return buf;
}

// ---------------------------------------------------------------------------- writing

void writeSkeleton(const Context& ctx, hid_t file, const Skeleton& s) {
  Handle g = ctx.createGroup(file, "skeleton", "/skeleton");
  const hsize_t j = static_cast<hsize_t>(s.jointCount());
  const hsize_t e = s.endSites.size();
  ctx.writeStrings(g.get(), "/skeleton/names", "names", s.names);

  Handle parents =
      ctx.createDataset(g.get(), "/skeleton/parents", "parents", H5T_STD_I32LE, {j}, 0);
  ctx.writeRows(parents.get(), "/skeleton/parents", H5T_NATIVE_INT, 0, j, s.parents.data());

  Handle offsets = ctx.createDataset(g.get(), "/skeleton/rest_offsets", "rest_offsets",
                                     H5T_IEEE_F64LE, {j, 3}, 0);
  ctx.writeRows(offsets.get(), "/skeleton/rest_offsets", H5T_NATIVE_DOUBLE, 0, j,
                s.restOffsets.data());

  std::vector<std::uint8_t> animated(s.animatedTranslation.begin(), s.animatedTranslation.end());
  Handle anim = ctx.createDataset(g.get(), "/skeleton/animated_translation", "animated_translation",
                                  H5T_STD_U8LE, {j}, 0);
  ctx.writeRows(anim.get(), "/skeleton/animated_translation", H5T_NATIVE_UINT8, 0, j,
                animated.data());

  std::vector<int> endParents;
  std::vector<Vec3> endOffsets;
  for (const EndSite& site : s.endSites) {
    endParents.push_back(site.parent);
    endOffsets.push_back(site.offset);
  }
  Handle ep = ctx.createDataset(g.get(), "/skeleton/end_site_parents", "end_site_parents",
                                H5T_STD_I32LE, {e}, 0);
  ctx.writeRows(ep.get(), "/skeleton/end_site_parents", H5T_NATIVE_INT, 0, e, endParents.data());
  Handle eo = ctx.createDataset(g.get(), "/skeleton/end_site_offsets", "end_site_offsets",
                                H5T_IEEE_F64LE, {e, 3}, 0);
  ctx.writeRows(eo.get(), "/skeleton/end_site_offsets", H5T_NATIVE_DOUBLE, 0, e, endOffsets.data());
}

void writeClip(const Context& ctx, hid_t clips, const std::string& name, const Clip& clip) {
  const std::string object = "/clips/" + name;
  Handle g = ctx.createGroup(clips, name, object);
  ctx.writeStringAttribute(g.get(), object, "name", clip.name);
  ctx.writeStringAttribute(g.get(), object, "source", clip.source);
  ctx.writeDoubleAttribute(g.get(), object, "fps", clip.fps);
  ctx.writeDoubleAttribute(g.get(), object, "source_fps", clip.sourceFps);
  ctx.writeIntAttribute(g.get(), object, "source_first_frame", clip.sourceFirstFrame);

  const hsize_t f = static_cast<hsize_t>(clip.frameCount());
  const hsize_t j = static_cast<hsize_t>(clip.jointCount);
  // About 256 KiB of rotations per chunk: large enough to compress well, small enough for
  // HDF5's default 1 MiB chunk cache.
  const hsize_t chunkFrames = std::max<hsize_t>(1, (256 * 1024) / (j * 4 * sizeof(double)));

  const std::string rotObject = object + "/rotations";
  Handle rot =
      ctx.createDataset(g.get(), rotObject, "rotations", H5T_IEEE_F64LE, {f, j, 4}, chunkFrames);
  // Eigen stores (x, y, z, w); the file stores (w, x, y, z). Reorder a block at a time so
  // memory stays bounded for long clips.
  const hsize_t blockFrames = chunkFrames * 16;
  std::vector<double> buf;
  for (hsize_t first = 0; first < f; first += blockFrames) {
    const hsize_t count = std::min(blockFrames, f - first);
    buf.resize(count * j * 4);
    const Quat* q = clip.rotations.data() + first * j;
    for (size_t i = 0; i < count * j; ++i) {
      buf[4 * i + 0] = q[i].w();
      buf[4 * i + 1] = q[i].x();
      buf[4 * i + 2] = q[i].y();
      buf[4 * i + 3] = q[i].z();
    }
    ctx.writeRows(rot.get(), rotObject, H5T_NATIVE_DOUBLE, first, count, buf.data());
  }

  const std::string transObject = object + "/translations";
  Handle trans = ctx.createDataset(g.get(), transObject, "translations", H5T_IEEE_F64LE, {f, j, 3},
                                   chunkFrames);
  ctx.writeRows(trans.get(), transObject, H5T_NATIVE_DOUBLE, 0, f, clip.translations.data());
}

void writeProject(const Context& ctx, hid_t file, const Project& project,
                  const ProjectSaveOptions& options) {
  ctx.writeStringAttribute(file, "/", "file_type", kFileType);
  ctx.writeIntAttribute(file, "/", "format_version", kProjectFormatVersion);
  ctx.writeStringAttribute(file, "/", "generator", kGenerator);
  writeSkeleton(ctx, file, project.skeleton);
  if (options.afterGroupWritten) options.afterGroupWritten("/skeleton");
  Handle clips = ctx.createGroup(file, "clips", "/clips");
  for (size_t i = 0; i < project.clips.size(); ++i) {
    const std::string name = clipGroupName(i);
    writeClip(ctx, clips.get(), name, project.clips[i]);
    if (options.afterGroupWritten) options.afterGroupWritten("/clips/" + name);
  }
}

// Flushes a closed file's data (and then its directory entry) to disk before the rename
// makes it visible, so a crash never leaves a renamed but empty file.
bool syncPath(const std::string& path, bool directory) {
  const int fd = ::open(path.c_str(), O_RDONLY | (directory ? O_DIRECTORY : 0));
  if (fd < 0) return false;
  const bool ok = ::fsync(fd) == 0;
  ::close(fd);
  return ok;
}

// ---------------------------------------------------------------------------- reading

std::string jointLabel(const std::vector<std::string>& names, size_t j) {
  return "joint " + std::to_string(j) + " ('" + names[j] + "')";
}

Skeleton readSkeleton(const Context& ctx, hid_t file) {
  Handle g = ctx.openGroup(file, "skeleton", "/skeleton");
  Skeleton s;
  const auto namesDs = ctx.openDataset(g.get(), "/skeleton/names", "names", H5T_STRING, {-1}, "J");
  s.names = ctx.readStrings(namesDs);
  const auto jn = static_cast<long long>(s.names.size());
  if (jn == 0) ctx.fail("/skeleton/names", "the skeleton has no joints");
  if (jn > INT_MAX / 4) ctx.fail("/skeleton/names", "too many joints");

  const auto parentsDs =
      ctx.openDataset(g.get(), "/skeleton/parents", "parents", H5T_INTEGER, {jn}, "");
  s.parents.resize(static_cast<size_t>(jn));
  ctx.readAll(parentsDs, H5T_NATIVE_INT, s.parents.data());
  for (size_t i = 0; i < s.parents.size(); ++i) {
    const int p = s.parents[i];
    if (p < -1 || p >= static_cast<int>(i)) {
      ctx.fail("/skeleton/parents", jointLabel(s.names, i) + " has parent " + std::to_string(p) +
                                        ", expected -1 or an index below " + std::to_string(i));
    }
  }

  const auto offsetsDs =
      ctx.openDataset(g.get(), "/skeleton/rest_offsets", "rest_offsets", H5T_FLOAT, {jn, 3}, "");
  s.restOffsets.resize(static_cast<size_t>(jn));
  ctx.readAll(offsetsDs, H5T_NATIVE_DOUBLE, s.restOffsets.data());
  for (size_t i = 0; i < s.restOffsets.size(); ++i) {
    if (!s.restOffsets[i].allFinite()) {
      ctx.fail("/skeleton/rest_offsets", jointLabel(s.names, i) + ": non-finite offset");
    }
  }

  const auto animDs = ctx.openDataset(g.get(), "/skeleton/animated_translation",
                                      "animated_translation", H5T_INTEGER, {jn}, "");
  std::vector<int> animated(static_cast<size_t>(jn));
  ctx.readAll(animDs, H5T_NATIVE_INT, animated.data());
  for (size_t i = 0; i < animated.size(); ++i) {
    if (animated[i] != 0 && animated[i] != 1) {
      ctx.fail(
          "/skeleton/animated_translation",
          jointLabel(s.names, i) + ": value " + std::to_string(animated[i]) + ", expected 0 or 1");
    }
    s.animatedTranslation.push_back(animated[i] == 1);
  }

  const auto endParentsDs = ctx.openDataset(g.get(), "/skeleton/end_site_parents",
                                            "end_site_parents", H5T_INTEGER, {-1}, "E");
  const auto en = static_cast<long long>(endParentsDs.dims[0]);
  const auto endOffsetsDs = ctx.openDataset(g.get(), "/skeleton/end_site_offsets",
                                            "end_site_offsets", H5T_FLOAT, {en, 3}, "");
  std::vector<int> endParents(static_cast<size_t>(en));
  std::vector<Vec3> endOffsets(static_cast<size_t>(en));
  ctx.readAll(endParentsDs, H5T_NATIVE_INT, endParents.data());
  ctx.readAll(endOffsetsDs, H5T_NATIVE_DOUBLE, endOffsets.data());
  for (size_t i = 0; i < endParents.size(); ++i) {
    if (endParents[i] < 0 || endParents[i] >= jn) {
      ctx.fail("/skeleton/end_site_parents",
               "end site " + std::to_string(i) + " has parent " + std::to_string(endParents[i]) +
                   ", expected a joint index in [0, " + std::to_string(jn) + ")");
    }
    if (!endOffsets[i].allFinite()) {
      ctx.fail("/skeleton/end_site_offsets",
               "end site " + std::to_string(i) + ": non-finite offset");
    }
    s.endSites.push_back({endParents[i], endOffsets[i]});
  }
  return s;
}

Clip readClip(const Context& ctx, hid_t clips, const std::string& name, const Skeleton& skeleton) {
  const std::string object = "/clips/" + name;
  Handle g = ctx.openGroup(clips, name, object);
  Clip clip;
  clip.name = ctx.readStringAttribute(g.get(), object, "name");
  clip.source = ctx.readStringAttribute(g.get(), object, "source");
  clip.fps = ctx.readDoubleAttribute(g.get(), object, "fps");
  clip.sourceFps = ctx.readDoubleAttribute(g.get(), object, "source_fps");
  const std::int64_t first = ctx.readIntAttribute(g.get(), object, "source_first_frame");
  if (!(clip.fps > 0) || !std::isfinite(clip.fps)) {
    ctx.fail(object,
             "attribute 'fps' is " + std::to_string(clip.fps) + ", expected a positive rate");
  }
  if (!(clip.sourceFps >= 0) || !std::isfinite(clip.sourceFps)) {
    ctx.fail(object, "attribute 'source_fps' is " + std::to_string(clip.sourceFps) +
                         ", expected a rate >= 0 (0 = unknown)");
  }
  if (first < 0 || first > INT_MAX) {
    ctx.fail(object, "attribute 'source_first_frame' is " + std::to_string(first) +
                         ", expected a frame index >= 0");
  }
  clip.sourceFirstFrame = static_cast<int>(first);

  const long long j = skeleton.jointCount();
  clip.jointCount = skeleton.jointCount();
  const std::string rotObject = object + "/rotations";
  const auto rotDs = ctx.openDataset(g.get(), rotObject, "rotations", H5T_FLOAT, {-1, j, 4}, "F");
  const auto f = static_cast<long long>(rotDs.dims[0]);
  if (f * j > INT_MAX) ctx.fail(rotObject, "too many frames");
  const std::string transObject = object + "/translations";
  const auto transDs =
      ctx.openDataset(g.get(), transObject, "translations", H5T_FLOAT, {f, j, 3}, "");

  const auto n = static_cast<size_t>(f * j);
  clip.rotations.resize(n);
  ctx.readAll(rotDs, H5T_NATIVE_DOUBLE, clip.rotations.data());
  for (size_t i = 0; i < n; ++i) {
    const Eigen::Vector4d wxyz = clip.rotations[i].coeffs();  // read as (w, x, y, z)
    Quat& q = clip.rotations[i];
    q = Quat(wxyz[0], wxyz[1], wxyz[2], wxyz[3]);
    const double norm = q.norm();
    if (!std::isfinite(norm) || std::abs(norm - 1.0) > kUnitTolerance) {
      ctx.fail(rotObject, "frame " + std::to_string(i / j) + ", " +
                              jointLabel(skeleton.names, i % j) + ": not a unit quaternion (norm " +
                              std::to_string(norm) + ")");
    }
  }
  clip.translations.resize(n);
  ctx.readAll(transDs, H5T_NATIVE_DOUBLE, clip.translations.data());
  for (size_t i = 0; i < n; ++i) {
    if (!clip.translations[i].allFinite()) {
      ctx.fail(transObject, "frame " + std::to_string(i / j) + ", " +
                                jointLabel(skeleton.names, i % j) + ": non-finite translation");
    }
  }
  return clip;
}

// Clip groups in index order. Children of /clips whose names are not decimal numbers are
// ignored (reserved for later versions); the numbered ones must be exactly 0..N-1.
std::vector<std::string> clipGroupNames(const Context& ctx, hid_t clips) {
  H5G_info_t info{};
  ctx.check(H5Gget_info(clips, &info), "/clips", "cannot list the group");
  std::vector<std::pair<unsigned long long, std::string>> numbered;
  for (hsize_t i = 0; i < info.nlinks; ++i) {
    const ssize_t len =
        H5Lget_name_by_idx(clips, ".", H5_INDEX_NAME, H5_ITER_INC, i, nullptr, 0, H5P_DEFAULT);
    if (len < 0) static_cast<void>(ctx.check(hid_t{-1}, "/clips", "cannot list the group"));
    std::string name(static_cast<size_t>(len) + 1, '\0');
    H5Lget_name_by_idx(clips, ".", H5_INDEX_NAME, H5_ITER_INC, i, name.data(), name.size(),
                       H5P_DEFAULT);
    name.resize(static_cast<size_t>(len));
    const bool digits =
        !name.empty() && name.size() <= 9 &&
        std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (digits) numbered.emplace_back(std::stoull(name), name);
  }
  std::sort(numbered.begin(), numbered.end());
  std::vector<std::string> names;
  for (size_t i = 0; i < numbered.size(); ++i) {
    if (numbered[i].first != i) {
      ctx.fail("/clips", "clip groups must be numbered 0 to " +
                             std::to_string(numbered.size() - 1) + ", found '" +
                             numbered[i].second + "' where index " + std::to_string(i) +
                             " was expected");
    }
    names.push_back(numbered[i].second);
  }
  return names;
}

Project readProject(const Context& ctx) {
  const std::string& path = ctx.file();
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) ctx.fail("", "no such file");
  if (!std::filesystem::is_regular_file(path, ec)) ctx.fail("", "not a regular file");
  if (H5Fis_hdf5(path.c_str()) <= 0) {
    h5::takeErrorMessage();
    ctx.fail("", "not an HDF5 file (no HDF5 signature), so not a fatgraph project");
  }
  Handle file = ctx.check(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), "",
                          "cannot open the HDF5 file; it may be truncated or corrupt");

  if (!ctx.hasAttribute(file.get(), "file_type")) {
    ctx.fail("", "not a fatgraph project (no 'file_type' attribute on the root group)");
  }
  const std::string type = ctx.readStringAttribute(file.get(), "/", "file_type");
  if (type != kFileType) {
    ctx.fail("",
             "not a fatgraph project (file_type is '" + type + "', expected '" + kFileType + "')");
  }
  const std::int64_t version = ctx.readIntAttribute(file.get(), "/", "format_version");
  if (version > kProjectFormatVersion) {
    ctx.fail("", "written by a newer fatgraph (format_version " + std::to_string(version) +
                     ", this build reads up to " + std::to_string(kProjectFormatVersion) + ")");
  }
  if (version < 1) ctx.fail("", "invalid format_version " + std::to_string(version));

  Project project;
  project.skeleton = readSkeleton(ctx, file.get());
  Handle clips = ctx.openGroup(file.get(), "clips", "/clips");
  for (const std::string& name : clipGroupNames(ctx, clips.get())) {
    project.clips.push_back(readClip(ctx, clips.get(), name, project.skeleton));
  }
  if (std::string e = project.validate(); !e.empty()) ctx.fail("", e);
  return project;
}

}  // namespace

void saveProject(const Project& project, const std::string& path,
                 const ProjectSaveOptions& options) {
  const Context ctx(path);
  if (std::string e = project.validate(); !e.empty()) {
    ctx.fail("", "cannot save an invalid project: " + e);
  }
  h5::ErrorSilencer silence;
  // replaceFileAtomically checks the directory, removes the temporary file if this throws
  // (every HDF5 handle is closed by then: they live inside the lambda) and renames it over
  // `path` on success.
  replaceFileAtomically(path, [&](const std::string& temp) {
    Handle file = ctx.check(H5Fcreate(temp.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT), "",
                            "cannot create the temporary file '" + temp + "'");
    writeProject(ctx, file.get(), project, options);
    ctx.check(H5Fflush(file.get(), H5F_SCOPE_GLOBAL), "", "cannot write the file");
    ctx.check(file.close(), "", "cannot write the file");
    if (!syncPath(temp, false)) {
      ctx.fail("", std::string("cannot flush the file to disk: ") + std::strerror(errno));
    }
  });
  // Best effort: make the rename itself durable.
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  syncPath(dir.empty() ? std::string(".") : dir.string(), true);
}

Project loadProject(const std::string& path) {
  h5::ErrorSilencer silence;
  const Context ctx(path);
  try {
    return readProject(ctx);
  } catch (const std::bad_alloc&) {
    H5Eclear2(H5E_DEFAULT);
    ctx.fail("", "out of memory while loading");
  }
}

bool isProjectFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  h5::ErrorSilencer silence;
  bool result = false;
  if (H5Fis_hdf5(path.c_str()) > 0) {
    Handle file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT));
    if (file) {
      try {
        const Context ctx(path);
        result = ctx.hasAttribute(file.get(), "file_type") &&
                 ctx.readStringAttribute(file.get(), "/", "file_type") == kFileType;
      } catch (const std::exception&) {
        result = false;
      }
    }
  }
  H5Eclear2(H5E_DEFAULT);
  return result;
}

}  // namespace fatgraph
