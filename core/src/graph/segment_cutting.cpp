#include "fatgraph/core/graph/segment_cutting.h"

#include <map>

#include "fatgraph/core/model/error.h"

namespace fatgraph {

namespace {

std::string hubLabel(const std::vector<Hub>& hubs, int h) {
  const std::string& name = hubs[h].name;
  return "hub " + std::to_string(h) + (name.empty() ? std::string() : " '" + name + "'");
}

}  // namespace

SegmentCutResult cutSegments(const std::vector<Hub>& hubs, const std::vector<int>& clipFrameCounts,
                             const std::vector<std::string>& clipNames) {
  // Messages name clips as users know them when names are given.
  auto clipLabel = [&](int clip) {
    if (clip >= 0 && clip < static_cast<int>(clipNames.size())) return "clip '" + clipNames[clip] + "'";
    return "clip " + std::to_string(clip);
  };
  auto frameLabel = [&](int clip, int frame) { return clipLabel(clip) + " frame " + std::to_string(frame); };
  SegmentCutResult result;
  const int clipCount = static_cast<int>(clipFrameCounts.size());
  for (int c = 0; c < clipCount; ++c) {
    if (clipFrameCounts[c] < 0) {
      throw Error("segment cutting: " + clipLabel(c) + " has a negative frame count (" +
                  std::to_string(clipFrameCounts[c]) + ")");
    }
  }

  // clip -> (frame -> owning hub). Hubs are visited in index order, so the first claim on a
  // frame is the lowest hub index.
  std::vector<std::map<int, int>> cuts(clipCount);
  for (int h = 0; h < static_cast<int>(hubs.size()); ++h) {
    auto claim = [&](const FrameRef& f, const char* what) {
      if (f.clip < 0 || f.clip >= clipCount) {
        throw Error("segment cutting: " + hubLabel(hubs, h) + ": " + what + " " +
                    frameLabel(f.clip, f.frame) + " refers to a missing clip (" +
                    std::to_string(clipCount) + " clips)");
      }
      if (f.frame < 0 || f.frame >= clipFrameCounts[f.clip]) {
        throw Error("segment cutting: " + hubLabel(hubs, h) + ": " + what + " " +
                    frameLabel(f.clip, f.frame) + " is outside the clip (frames 0.." +
                    std::to_string(clipFrameCounts[f.clip] - 1) + ")");
      }
      const auto [it, inserted] = cuts[f.clip].emplace(f.frame, h);
      if (!inserted && it->second != h) {
        result.notes.push_back(frameLabel(f.clip, f.frame) + " is claimed by " +
                               hubLabel(hubs, it->second) + " and " + hubLabel(hubs, h) +
                               "; it stays with " + hubLabel(hubs, it->second));
      }
    };
    claim(hubs[h].frame, "hub frame");
    for (const FrameRef& f : hubs[h].matchSet) claim(f, "match-set frame");
  }

  for (int c = 0; c < clipCount; ++c) {
    const int frames = clipFrameCounts[c];
    if (frames <= 0) {
      result.notes.push_back(clipLabel(c) + " has no frames");
      continue;
    }
    // Merge cuts closer than the minimum spacing, walking forward in time.
    std::vector<std::pair<int, int>> kept;  // (frame, hub)
    for (const auto& [frame, hub] : cuts[c]) {
      if (!kept.empty() && frame - kept.back().first < kMinimumCutSpacing) {
        const std::pair<int, int> previous = kept.back(), candidate{frame, hub};
        const bool candidateWins = hub < previous.second;
        const auto& winner = candidateWins ? candidate : previous;
        const auto& loser = candidateWins ? previous : candidate;
        result.notes.push_back("cuts at " + frameLabel(c, previous.first) + " (" +
                               hubLabel(hubs, previous.second) + ") and frame " +
                               std::to_string(frame) + " (" + hubLabel(hubs, hub) +
                               ") are closer than " + std::to_string(kMinimumCutSpacing) +
                               " frames; merged into frame " + std::to_string(winner.first) +
                               " (" + hubLabel(hubs, winner.second) + "), frame " +
                               std::to_string(loser.first) + " no longer cuts");
        kept.back() = winner;
        continue;
      }
      kept.emplace_back(frame, hub);
    }

    if (kept.empty()) {
      result.entries.push_back({c, 0, frames - 1, -1, -1});
      result.notes.push_back(clipLabel(c) +
                             " has no hub cut: all its frames (0.." + std::to_string(frames - 1) +
                             ") form one piece with neither start nor end hub");
      continue;
    }
    if (kept.front().first > 0) {
      result.entries.push_back({c, 0, kept.front().first, -1, kept.front().second});
    }
    for (size_t k = 0; k + 1 < kept.size(); ++k) {
      result.segments.push_back({c, kept[k].first, kept[k + 1].first, kept[k].second,
                                 kept[k + 1].second});
    }
    if (kept.back().first < frames - 1) {
      result.exits.push_back({c, kept.back().first, frames - 1, kept.back().second, -1});
    }
  }
  return result;
}

}  // namespace fatgraph
