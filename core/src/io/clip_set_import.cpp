#include "fatgraph/core/clip_set_import.h"

#include <utility>

#include "fatgraph/core/error.h"
#include "fatgraph/core/leg_detection.h"
#include "fatgraph/core/project_store.h"

namespace fatgraph {

ClipSetImport importClipSet(const std::vector<std::string>& paths, const ClipSetOptions& options) {
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
  for (const std::string& path : paths) {
    if (isHdf5File(path)) {
      const Project loaded = loadProject(path);
      for (const Clip& c : loaded.clips) {
        add(admitClip(p, skeletonFile, loaded.skeleton, c, path), path);
      }
      // The project that brings the skeleton brings the legs its user set, too.
      if (skeletonFile == path && !loaded.legs.automatic) p.legs = loaded.legs;
      continue;
    }
    if (isSceneFilePath(path)) {
      // One clip per animation (glTF) or animation stack (FBX), every one on the file's skeleton.
      const SceneImport scene = importSceneFile(path, sceneAdmissionOptions(p, admission));
      for (int i = 0; i < static_cast<int>(scene.clips.size()); ++i) {
        add(admitSceneClip(p, skeletonFile, scene, i, path), path);
      }
      continue;
    }
    add(admitBvh(p, skeletonFile, importBvh(path, bvhAdmissionOptions(admission)), path), path);
  }
  // Detected legs are the limbs that bear weight in all the clips, not only the first one.
  if (p.legs.automatic) p.legs = detectLegs(p.skeleton, p.clips);
  return out;
}

}  // namespace fatgraph
