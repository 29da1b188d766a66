#pragma once
// Admitted clips as bytes, for handing the clips one process read to the others of a
// distributed build (clip_set_import.cpp). Each clip carries a fingerprint of its poses,
// checked on arrival, so a clip damaged on its way is refused by name rather than built on.
#include <string>
#include <vector>

#include "fatgraph/core/io/clip_admission.h"
#include "fatgraph/core/spread/work_spread.h"

namespace fatgraph {

/// Appends one file's admitted clips (their clips and notes; a first file's skeleton and legs
/// are not carried: only files after the one that gave the skeleton travel).
void appendAdmittedClips(ItemBytes& out, const std::vector<AdmittedClip>& clips);

/// Reads what appendAdmittedClips wrote for `file`; throws Error naming the file and the clip
/// whose poses no longer match their fingerprint, or `reader`'s Error when the bytes end early.
std::vector<AdmittedClip> readAdmittedClips(ItemReader& reader, const std::string& file);

}  // namespace fatgraph
