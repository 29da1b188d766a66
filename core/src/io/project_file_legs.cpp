// /legs of a project file (docs/PROJECT_FORMAT.md): the leg setup (legs.h). Optional on read:
// a file written before legs existed loads with the legs detected from its skeleton.
#include "fatgraph/core/locomotion/leg_detection.h"
#include "project_file.h"

namespace fatgraph::project_file {
namespace {

using h5::Context;
using h5::Handle;

constexpr const char* kGroup = "/legs";

void writeLeg(const Context& ctx, hid_t legs, const std::string& name, const Leg& leg) {
  const std::string o = std::string(kGroup) + "/legs/" + name;
  Handle g = ctx.createGroup(legs, name, o);
  ctx.writeStringAttribute(g.get(), o, schema::kName, leg.name);
  ctx.writeIntAttribute(g.get(), o, schema::kToe, leg.toe);
  ctx.writeDoubleAttribute(g.get(), o, schema::kLength, leg.length);
  ctx.writeDoubleAttribute(g.get(), o, schema::kFootLength, leg.footLength);
  ctx.writeDataset(g.get(), o + "/chain", schema::kChain, H5T_STD_I32LE, {leg.chain.size()}, 0,
                   H5T_NATIVE_INT, leg.chain.data());
  ctx.writeDataset(g.get(), o + "/heel", schema::kHeel, H5T_IEEE_F64LE, {3}, 0, H5T_NATIVE_DOUBLE,
                   leg.heel.data());
  ctx.writeDataset(g.get(), o + "/toe_tip", schema::kToeTip, H5T_IEEE_F64LE, {3}, 0, H5T_NATIVE_DOUBLE,
                   leg.toeTip.data());
}

Leg readLeg(const Context& ctx, hid_t legs, const std::string& name) {
  const std::string o = std::string(kGroup) + "/legs/" + name;
  Handle g = ctx.openGroup(legs, name, o);
  Leg leg;
  leg.name = ctx.readStringAttribute(g.get(), o, schema::kName);
  leg.toe = static_cast<int>(ctx.readIntAttribute(g.get(), o, schema::kToe));
  leg.length = ctx.readDoubleAttribute(g.get(), o, schema::kLength);
  leg.footLength = ctx.readDoubleAttribute(g.get(), o, schema::kFootLength);
  auto chain = ctx.openDataset(g.get(), o + "/chain", schema::kChain, H5T_INTEGER, {-1}, "J");
  leg.chain.resize(chain.elementCount());
  ctx.readAll(chain, H5T_NATIVE_INT, leg.chain.data());
  ctx.readAll(ctx.openDataset(g.get(), o + "/heel", schema::kHeel, H5T_FLOAT, {3}, ""), H5T_NATIVE_DOUBLE,
              leg.heel.data());
  ctx.readAll(ctx.openDataset(g.get(), o + "/toe_tip", schema::kToeTip, H5T_FLOAT, {3}, ""),
              H5T_NATIVE_DOUBLE, leg.toeTip.data());
  return leg;
}

bool sameSetup(const LegSetup& a, const LegSetup& b) {
  if (a.automatic != b.automatic || a.method != b.method || a.notes != b.notes ||
      a.legs.size() != b.legs.size()) {
    return false;
  }
  for (size_t i = 0; i < a.legs.size(); ++i) {
    const Leg& x = a.legs[i];
    const Leg& y = b.legs[i];
    if (x.name != y.name || x.chain != y.chain || x.toe != y.toe || x.heel != y.heel ||
        x.toeTip != y.toeTip || x.length != y.length || x.footLength != y.footLength) {
      return false;
    }
  }
  return true;
}

}  // namespace

void writeLegs(const Context& ctx, hid_t file, const Project& project) {
  const LegSetup& setup = project.legs;
  // Automatic legs are derived data: when they are nothing yet, or exactly what detection
  // gives for this skeleton and its clips, the group is left out and the reader detects them
  // again (as for files written before legs existed), so saving a loaded file reproduces it.
  if (setup.automatic) {
    if (setup.empty() && setup.notes.empty() && setup.method.empty()) return;
    if (sameSetup(setup, detectLegs(project.skeleton, project.clips))) {
      return;
    }
  }
  Handle g = ctx.createGroup(file, schema::kLegs, kGroup);
  ctx.writeBoolAttribute(g.get(), kGroup, schema::kAutomatic, setup.automatic);
  ctx.writeStringAttribute(g.get(), kGroup, schema::kMethod, setup.method);
  ctx.writeStrings(g.get(), std::string(kGroup) + "/notes", schema::kNotes, setup.notes);
  Handle legs = ctx.createGroup(g.get(), schema::kLegs, std::string(kGroup) + "/legs");
  for (size_t l = 0; l < setup.legs.size(); ++l) {
    writeLeg(ctx, legs.get(), clipGroupName(l), setup.legs[l]);
  }
}

void readLegs(const Context& ctx, hid_t file, Project& project) {
  if (!ctx.hasLink(file, schema::kLegs, "/")) {  // written before legs existed: detect them
    project.legs = detectLegs(project.skeleton, project.clips);
    return;
  }
  Handle g = ctx.openGroup(file, schema::kLegs, kGroup);
  LegSetup setup;
  setup.automatic = ctx.readIntAttribute(g.get(), kGroup, schema::kAutomatic) != 0;
  setup.method = ctx.readStringAttribute(g.get(), kGroup, schema::kMethod);
  setup.notes = ctx.readStrings(
      ctx.openDataset(g.get(), std::string(kGroup) + "/notes", schema::kNotes, H5T_STRING, {-1}, "N"));
  const std::string o = std::string(kGroup) + "/legs";
  Handle legs = ctx.openGroup(g.get(), schema::kLegs, o);
  for (const std::string& name : numberedGroupNames(ctx, legs.get(), o, "leg")) {
    setup.legs.push_back(readLeg(ctx, legs.get(), name));
  }
  if (std::string e = validateLegSetup(project.skeleton, setup); !e.empty()) ctx.fail(kGroup, e);
  project.legs = std::move(setup);
}

}  // namespace fatgraph::project_file
