#include "fatgraph/core/io/clip_set_import.h"

#include <filesystem>
#include <unordered_set>
#include <utility>

#include "fatgraph/core/internal/admitted_clip_bytes.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/locomotion/foot_shapes.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/io/project_store.h"
#include "fatgraph/core/spread/work_spread.h"

namespace fatgraph {
namespace {

// The clips of one file, in the file's order: a project's clips, a glTF's or FBX's
// animations, or a BVH's one clip. `admitOne(skeleton, clip)` admits each in turn.
template <typename AdmitClip, typename AdmitScene, typename AdmitBvh>
void readFile(const std::string& path, const Project& p, const ClipAdmissionOptions& admission,
              const AdmitClip& admitOne, const AdmitScene& admitScene, const AdmitBvh& admitBvhFile,
              bool readMeshes = false) {
  if (isHdf5File(path)) {
    const Project loaded = loadProject(path);
    for (const Clip& c : loaded.clips) admitOne(loaded, c);
  } else if (isSceneFilePath(path)) {
    SceneImportOptions options = sceneAdmissionOptions(p, admission);
    options.readMeshes = readMeshes;
    SceneImport scene;
    try {
      scene = importSceneFile(path, options);
    } catch (const Error&) {
      // The mesh only measures the feet: a file whose clips read without it still imports
      // (a broken mesh is the character import's error to report), and one whose clips do
      // not fails below with the clips' own error.
      if (!readMeshes) throw;
      options.readMeshes = false;
      scene = importSceneFile(path, options);
    }
    for (int i = 0; i < static_cast<int>(scene.clips.size()); ++i) admitScene(scene, i);
  } else {
    admitBvhFile(importBvh(path, bvhAdmissionOptions(admission)));
  }
}

// One file after the one that gave the skeleton, admitted against `p` (which then holds the
// skeleton and clips) with the names as read: the same wherever it is computed.
std::vector<AdmittedClip> admitLaterFile(const Project& p, const std::string& skeletonFile, const std::string& path,
                                         const ClipAdmissionOptions& admission) {
  std::vector<AdmittedClip> out;
  constexpr ClipNaming asRead = ClipNaming::AsRead;
  readFile(
      path, p, admission,
      [&](const Project& loaded, const Clip& c) {
        out.push_back(admitClip(p, skeletonFile, loaded.skeleton, c, path, asRead));
      },
      [&](const SceneImport& scene, int i) { out.push_back(admitSceneClip(p, skeletonFile, scene, i, path, asRead)); },
      [&](BvhImport bvh) { out.push_back(admitBvh(p, skeletonFile, std::move(bvh), path, asRead)); });
  return out;
}

// What the later files are made of, for the processes to compare: their paths and sizes, the
// file that gave the skeleton, the rate and the reading options.
uint64_t laterFilesHash(const std::vector<std::string>& paths, size_t first, const std::string& skeletonFile,
                        const ClipSetOptions& options, const std::vector<double>& sizes) {
  uint64_t h = hashBytes(skeletonFile.data(), skeletonFile.size());
  for (size_t i = first; i < paths.size(); ++i) h = hashBytes(paths[i].data(), paths[i].size() + 1, h);
  const int flags[6] = {static_cast<int>(options.units), options.keepReferencePose,
                        static_cast<int>(options.rig.translations), static_cast<int>(options.rig.up),
                        options.rig.keepInPlace, options.rig.keepLoops};
  h = hashBytes(flags, sizeof flags, h);
  h = hashBytes(options.rig.motionRoot.data(), options.rig.motionRoot.size(), h);
  h = hashBytes(&options.fps, sizeof options.fps, h);
  return hashVector(sizes, h);
}

// The later files admitted on the processes of `spread`, each file whole by one, dealt by
// size; every process gets every file's clips, in file order.
std::vector<std::vector<AdmittedClip>> admitSpread(const Project& p, const std::string& skeletonFile,
                                                   const std::vector<std::string>& paths, size_t first,
                                                   const ClipSetOptions& options,
                                                   const ClipAdmissionOptions& admission, WorkSpread& spread) {
  std::vector<double> sizes;
  for (size_t i = first; i < paths.size(); ++i) {
    std::error_code error;
    const auto bytes = std::filesystem::file_size(paths[i], error);
    sizes.push_back(error ? 1.0 : static_cast<double>(bytes) + 1.0);
  }
  std::vector<std::vector<AdmittedClip>> out(paths.size() - first);
  // One share's bytes at a time: each goes as soon as its clips are out.
  spread.spreadEach(
      "clip import", sizes,
      [&](const std::vector<int>& items) {
        ItemBytes bytes;
        for (int k : items) appendAdmittedClips(bytes, admitLaterFile(p, skeletonFile, paths[first + k], admission));
        return bytes;
      },
      ItemSplit::Balanced, laterFilesHash(paths, first, skeletonFile, options, sizes),
      [&](int process, ItemShare& share) {
        ItemReader reader(share.bytes, "the clips read by process " + std::to_string(process));
        for (int k : share.items) out[static_cast<size_t>(k)] = readAdmittedClips(reader, paths[first + k]);
      });
  return out;
}

}  // namespace

ClipSetImport importClipSet(const std::vector<std::string>& paths, const ClipSetOptions& options,
                            WorkSpread* spread) {
  if (paths.empty()) throw Error("no input clips");
  if (!(options.fps > 0 && options.fps <= 1000)) {
    throw Error("the working rate must be in (0, 1000] fps");
  }
  ClipSetImport out;
  Project& p = out.project;
  p.settings.fps = options.fps;
  std::string skeletonFile;  // the file the project's skeleton came from
  auto add = [&](AdmittedClip admitted, const std::string& file) {
    if (admitted.skeleton) {
      p.skeleton = std::move(*admitted.skeleton);
      skeletonFile = file;
    }
    if (admitted.legs) p.legs = std::move(*admitted.legs);
    out.notes.insert(out.notes.end(), admitted.notes.begin(), admitted.notes.end());
    p.clips.push_back(std::move(admitted.clip));
  };
  const ClipAdmissionOptions admission{options.units, options.keepReferencePose, options.rig};
  // The files up to the first that holds a clip are read here, in turn: its first clip gives
  // the skeleton every later clip is admitted against.
  size_t first = 0;
  JointShapes shapes;
  for (; first < paths.size() && p.clips.empty(); ++first) {
    const std::string& path = paths[first];
    readFile(
        path, p, admission,
        [&](const Project& loaded, const Clip& c) {
          add(admitClip(p, skeletonFile, loaded.skeleton, c, path), path);
          // The project that brings the skeleton brings the legs its user set, too.
          if (skeletonFile == path && !loaded.legs.automatic) p.legs = loaded.legs;
        },
        [&](const SceneImport& scene, int i) {
          add(admitSceneClip(p, skeletonFile, scene, i, path), path);
          // The file that gives the skeleton may bring its skinned mesh: its feet's shapes.
          if (skeletonFile == path && i == 0) shapes = jointShapes(scene.mesh, scene.skeleton, p.skeleton);
        },
        [&](BvhImport bvh) { add(admitBvh(p, skeletonFile, std::move(bvh), path), path); }, true);
  }
  // The later files depend only on that skeleton, so any process may read any of them; names
  // are made unique afterwards, in file order, as if each file had come in turn.
  std::vector<std::vector<AdmittedClip>> later;
  if (spread && spread->processes() > 1 && first < paths.size()) {
    later = admitSpread(p, skeletonFile, paths, first, options, admission, *spread);
  } else {
    for (size_t i = first; i < paths.size(); ++i) later.push_back(admitLaterFile(p, skeletonFile, paths[i], admission));
  }
  std::unordered_set<std::string> taken;
  for (const Clip& c : p.clips) taken.insert(c.name);
  for (size_t k = 0; k < later.size(); ++k) {
    for (AdmittedClip& a : later[k]) {
      nameUniquely(taken, a, paths[first + k]);
      add(std::move(a), paths[first + k]);
    }
    later[k] = {};
  }
  // Detected legs are the limbs that bear weight in all the clips, not only the first one.
  if (p.legs.automatic) p.legs = detectLegs(p.skeleton, p.clips, shapes.empty() ? nullptr : &shapes);
  return out;
}

}  // namespace fatgraph
