// Every name the .fgproj writer writes is declared once (project_schema.h) and read by the
// loader. A project that fills every part of the format (144_03 from data/ retargeted onto the
// adventurer character, built, parameterized, with rejected hubs, a joystick mapping and a
// bound action, a texture on its first material) is saved once; then each of its groups, datasets and attributes is removed in
// turn, one row each, and the copy loaded: a required name must be refused with a message
// naming the file and the missing name, an optional one (project_schema::kOptionalNames) must
// load with its default.
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/generated_transitions.h"
#include "fatgraph/core/internal/project_schema.h"
#include "fatgraph/core/param/parameterization.h"
#include "fatgraph/core/io/project_character.h"
#include "fatgraph/core/io/project_store.h"
#include "project_store_test_support.h"

using namespace fatgraph;

namespace {

const std::string kWalk = std::string(FATGRAPH_DATA_DIR) + "/cmu-leonardo-ono-roll/144_03.bvh";
const std::string kCharacter = std::string(FATGRAPH_DATA_DIR) + "/characters/adventurer.glb";

// Declared names this project does not write, and why.
const std::map<std::string, std::string> kNotWritten = {
    {"segment_distances", "format version 2's dense matrix: read from old files, never written"},
};

// What a loaded project holds where an optional name was absent.
const std::map<std::string, std::function<bool(const Project& loaded, const std::string& object)>> kDefaults = {
    {"generator", [](const Project& l, const std::string&) { return !l.clips.empty(); }},
    {"motion_root",
     [](const Project& l, const std::string& object) {
       const bool clips = object.rfind("/retarget/", 0) == 0;  // the clips' skeleton under /retarget
       return (clips ? l.character.clipsSkeleton.skeleton : l.skeleton).motionRoot == 0;
     }},
    {"retarget", [](const Project& l, const std::string&) { return !l.character.empty() && !l.character.retargeted(); }},
    {"distances", [](const Project& l, const std::string&) { return !l.distances.valid(); }},
    {"parameterization",
     [](const Project& l, const std::string&) {
       return l.settings.edgeParameterChoices.empty() && l.graph.parameterizations.empty();
     }},
    {"legs", [](const Project& l, const std::string&) { return l.legs.automatic && !l.legs.empty(); }},
    {"locomotion",
     [](const Project& l, const std::string&) {
       return l.settings.locomotion == LocomotionSelection::Automatic && l.locomotionRecords.empty();
     }},
    {"hub_rejections", [](const Project& l, const std::string&) { return l.settings.hubRejections.empty(); }},
    {"joystick", [](const Project& l, const std::string&) { return l.settings.edgeJoystickChoices.empty(); }},
    {"actions", [](const Project& l, const std::string&) { return l.settings.actionBindings.empty(); }},
    {"uvs", [](const Project& l, const std::string&) { return l.character.mesh.uvs.empty(); }},
    {"textures", [](const Project& l, const std::string&) { return l.character.mesh.textures.empty(); }},
};

// Optional names this project needs all the same, and why: removing them is refused.
const std::map<std::string, std::string> kRequiredHere = {
    {"character", "the joint map (/retarget) belongs to the character"},
    {"graph", "the parameterization and the leg cycles are of the graph's fat edges"},
    {"uvs", "the texture on the first material is read through them"},
    {"generated", "the clips retargeted (/retarget/clips) are the captured ones: without it one more is captured"},
};

// Where an optional name may be missing: the top-level groups, the character's texture
// coordinates and textures, and any skeleton's motion root. Elsewhere the same name is
// required (/legs is optional, /legs/legs is not).
bool optionalAt(const std::string& object, const std::string& attribute, const std::string& name) {
  if (!attribute.empty()) {
    return name == project_schema::kMotionRoot || name == project_schema::kGenerated || object == "/";
  }
  return object == "/" + name || object == "/character/" + name;
}

struct Item {
  std::string object;     // "/graph/hubs/0000/match_set"
  std::string attribute;  // empty for the object itself
  std::string label() const { return attribute.empty() ? object : object + "@" + attribute; }
  std::string name() const { return attribute.empty() ? object.substr(object.find_last_of('/') + 1) : attribute; }
};

bool numbered(const std::string& name) {
  return !name.empty() && name.find_first_not_of("0123456789") == std::string::npos;
}

herr_t addAttribute(hid_t, const char* name, const H5A_info_t*, void* data) {
  static_cast<std::vector<std::string>*>(data)->push_back(name);
  return 0;
}

herr_t addObject(hid_t, const char* name, const H5O_info_t*, void* data) {
  static_cast<std::vector<std::string>*>(data)->push_back(std::string(name) == "." ? "/" : "/" + std::string(name));
  return 0;
}

// Every object and attribute in the file, the root group itself left out.
std::vector<Item> itemsOf(const std::string& path) {
  std::vector<Item> items;
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  std::vector<std::string> objects;
  H5Ovisit2(file, H5_INDEX_NAME, H5_ITER_INC, addObject, &objects, H5O_INFO_BASIC);
  for (const std::string& o : objects) {
    if (o != "/") items.push_back({o, ""});
    std::vector<std::string> attributes;
    const hid_t object = H5Oopen(file, o.c_str(), H5P_DEFAULT);
    H5Aiterate2(object, H5_INDEX_NAME, H5_ITER_INC, nullptr, addAttribute, &attributes);
    H5Oclose(object);
    for (const std::string& a : attributes) items.push_back({o, a});
  }
  H5Fclose(file);
  return items;
}

bool removeItem(const std::string& path, const Item& item) {
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  const herr_t status = item.attribute.empty()
                            ? H5Ldelete(file, item.object.c_str(), H5P_DEFAULT)
                            : H5Adelete_by_name(file, item.object.c_str(), item.attribute.c_str(), H5P_DEFAULT);
  return H5Fclose(file) >= 0 && status >= 0;
}

bool declared(const std::string& name) {
  const auto& names = project_schema::kEveryName;
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool optional(const std::string& name) {
  const auto& names = project_schema::kOptionalNames;
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

class TestProjectSchema : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::string saved_;
  Project project_;

 private slots:
  void initTestCase() {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    project_ = importClipSet({kWalk}, {}).project;
    setProjectCharacter(project_, kCharacter);
    QVERIFY(project_.character.retargeted());
    BuildOptions options;
    options.hubCount = 1;
    buildMotionGraph(project_, options);
    project_.settings.parameterization.samples = 40;
    project_.settings.parameterization.grid = 8;
    project_.settings.locomotion = LocomotionSelection::All;
    parameterizeGraph(project_);
    QVERIFY(!project_.graph.fatEdges.empty());
    // A generated transition (Clip::generated), as a build of loops makes them: the walk
    // into a later frame of itself.
    TransitionOrigin origin;
    origin.fromClip = origin.toClip = project_.clips.front().name;
    origin.fromFrame = 20;
    origin.toFrame = 60;
    origin.blendFrames = 12;
    origin.leadFrames = project_.settings.window;
    origin.fromHub = origin.toHub = project_.graph.hubs.front().name;
    project_.clips.push_back(makeTransitionClip(project_.skeleton, project_.clips.front(), project_.clips.front(),
                                                origin, "walk > walk"));
    const std::string edge = project_.graph.fatEdges.front().name;
    project_.settings.hubRejections.push_back({project_.clips.front().name, 5});
    EdgeJoystickChoice joystick;
    joystick.edge = edge;
    joystick.deadZone = 0.1f;
    project_.settings.edgeJoystickChoices.push_back(joystick);
    project_.settings.actionBindings.push_back({"key:Space", edge});
    // data/'s characters have no images: one 2 x 1 texture on the first material, so the
    // texture coordinates and textures are written too.
    CharacterMesh& mesh = project_.character.mesh;
    QVERIFY(!mesh.materials.empty());
    mesh.textures.push_back({"checker", 2, 1, {255, 0, 0, 255, 0, 0, 255, 255}});
    mesh.materials.front().texture = 0;
    mesh.uvs.assign(mesh.positions.size(), Float2{0.25f, 0.5f});
    saved_ = dir_.filePath(QStringLiteral("full.fgproj")).toStdString();
    saveProject(project_, saved_);
    QCOMPARE(loadProject(saved_).clips.size(), project_.clips.size());
  }

  void everyWrittenNameIsDeclared() {
    QStringList undeclared;
    std::vector<std::string> written;
    for (const Item& item : itemsOf(saved_)) {
      const std::string name = item.name();
      written.push_back(name);
      if (!numbered(name) && !declared(name)) undeclared << QString::fromStdString(item.label());
    }
    QVERIFY2(undeclared.isEmpty(), qPrintable(QStringLiteral("not in project_schema.h: ") + undeclared.join(u", ")));
    // The other way round: every declared name is written here, so the rows below cover it.
    QStringList unwritten;
    for (std::string_view name : project_schema::kEveryName) {
      const bool found = std::find(written.begin(), written.end(), name) != written.end();
      if (!found && !kNotWritten.count(std::string(name))) unwritten << QString::fromUtf8(name.data(), qsizetype(name.size()));
    }
    QVERIFY2(unwritten.isEmpty(), qPrintable(QStringLiteral("declared but not in the test's project: ") + unwritten.join(u", ")));
  }

  void removingEachName_data() {
    QTest::addColumn<QString>("object");
    QTest::addColumn<QString>("attribute");
    int rows = 0;
    for (const Item& item : itemsOf(saved_)) {
      if (numbered(item.name())) continue;  // an index, not a name: its children are rows
      QTest::newRow(item.label().c_str()) << QString::fromStdString(item.object) << QString::fromStdString(item.attribute);
      ++rows;
    }
    QVERIFY(rows > 100);
  }

  void removingEachName() {
    QFETCH(QString, object);
    QFETCH(QString, attribute);
    const Item item{object.toStdString(), attribute.toStdString()};
    const std::string name = item.name();
    const std::string copy = dir_.filePath(QStringLiteral("damaged.fgproj")).toStdString();
    std::filesystem::copy_file(saved_, copy, std::filesystem::copy_options::overwrite_existing);
    QVERIFY(removeItem(copy, item));
    Project loaded;
    const QString message = test::errorFrom([&] { loaded = loadProject(copy); });
    if (optional(name) && optionalAt(item.object, item.attribute, name) && !kRequiredHere.count(name)) {
      QVERIFY2(message.isEmpty(), qPrintable(QStringLiteral("optional, but refused: ") + message));
      QVERIFY2(kDefaults.count(name), "an optional name without a default to check here");
      QVERIFY2(kDefaults.at(name)(loaded, item.object), "not loaded with the default");
      return;
    }
    QVERIFY2(!message.isEmpty(), "loaded without it");
    QVERIFY2(message.contains(QString::fromStdString(copy)), qPrintable(message));
    QVERIFY2(message.contains(QString::fromStdString(name)), qPrintable(message));
  }
};

QTEST_GUILESS_MAIN(TestProjectSchema)
#include "test_project_schema.moc"
