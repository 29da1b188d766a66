// Every name the .fgraph writer writes is declared once (runtime_graph_schema.h) and read by the
// loader: an exported graph's objects and attributes are removed one at a time, and the loader
// must refuse each copy with a message naming what is missing, unless the name is listed below
// as optional (with why). A name the writer adds and the loader ignores fails this test, as
// does a loader that stops checking one or a name spelt outside the schema.
#include <QtTest>
#include <hdf5.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "fatgraph/core/io/runtime_graph_export.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "core/runtime_graph_fixtures.h"
#include "fatgraph/io/runtime_graph_schema.h"

using namespace fatgraph;

namespace {

// What the loader may do without, by the name's last part, and why.
const std::map<std::string, std::string> kOptional = {
    {"generator", "provenance for people: the tool and version that wrote the file"},
    {"body", "a graph exported with --no-body has none: the game dresses its own character"},
    {"stick", "files before it play the paper's stick on the plane"},
};

struct Item {
  std::string object;     // the object's path ("/edges/0000/data")
  std::string attribute;  // empty for the object itself
  bool group = false;
  std::string label() const { return attribute.empty() ? object : object + "@" + attribute; }
  std::string name() const {
    return attribute.empty() ? object.substr(object.find_last_of('/') + 1) : attribute;
  }
};

herr_t addAttribute(hid_t, const char* name, const H5A_info_t*, void* data) {
  auto* out = static_cast<std::vector<std::string>*>(data);
  out->push_back(name);
  return 0;
}

herr_t addObject(hid_t, const char* name, const H5O_info_t* info, void* data) {
  auto* out = static_cast<std::vector<Item>*>(data);
  out->push_back({std::string(name) == "." ? "/" : "/" + std::string(name), "", info->type == H5O_TYPE_GROUP});
  return 0;
}

// Every object and attribute in the file.
std::vector<Item> itemsOf(const std::string& path) {
  std::vector<Item> items;
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  std::vector<Item> objects;
  H5Ovisit2(file, H5_INDEX_NAME, H5_ITER_INC, addObject, &objects, H5O_INFO_BASIC);
  for (const Item& item : objects) {
    const std::string& o = item.object;
    if (o != "/") items.push_back(item);
    std::vector<std::string> attributes;
    const hid_t object = H5Oopen(file, o.c_str(), H5P_DEFAULT);
    H5Aiterate2(object, H5_INDEX_NAME, H5_ITER_INC, nullptr, addAttribute, &attributes);
    H5Oclose(object);
    for (const std::string& a : attributes) items.push_back({o, a, false});
  }
  H5Fclose(file);
  return items;
}

void removeItem(const std::string& path, const Item& item) {
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  if (item.attribute.empty()) {
    H5Ldelete(file, item.object.c_str(), H5P_DEFAULT);
  } else {
    H5Adelete_by_name(file, item.object.c_str(), item.attribute.c_str(), H5P_DEFAULT);
  }
  H5Fclose(file);
}

}  // namespace

class TestRuntimeGraphSchema : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::string exported_;

 private slots:
  void initTestCase() {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    const Project project = test::smallParameterizedWalk14403();
    exported_ = dir_.filePath(QStringLiteral("144_03.fgraph")).toStdString();
    exportProject(project, exported_);  // with the generated body
    QVERIFY(loadRuntimeGraph(exported_).edges.size() >= 2);
  }

  void everyWrittenNameIsDeclared() {
    QStringList undeclared;
    for (const Item& item : itemsOf(exported_)) {
      const std::string name = item.name();
      const bool numbered = !name.empty() && name.find_first_not_of("0123456789") == std::string::npos;  // "0003"
      const auto& names = runtime_graph_schema::kEveryName;
      if (!numbered && std::find(names.begin(), names.end(), name) == names.end()) {
        undeclared << QString::fromStdString(item.label());
      }
    }
    QVERIFY2(undeclared.isEmpty(), qPrintable(QStringLiteral("not in runtime_graph_schema.h: ") + undeclared.join(QStringLiteral(", "))));
  }

  void everyWrittenNameIsRead() {
    const std::vector<Item> items = itemsOf(exported_);
    QVERIFY(items.size() > 60);
    int refused = 0, optional = 0;
    QStringList unread;
    const std::string copy = dir_.filePath(QStringLiteral("damaged.fgraph")).toStdString();
    for (const Item& item : items) {
      std::filesystem::copy_file(exported_, copy, std::filesystem::copy_options::overwrite_existing);
      removeItem(copy, item);
      std::string message;
      try {
        loadRuntimeGraph(copy);
      } catch (const std::exception& e) {
        message = e.what();
      }
      if (message.empty()) {
        if (kOptional.count(item.name())) {
          ++optional;
        } else {
          unread << QString::fromStdString(item.label());
        }
        continue;
      }
      ++refused;
      // The refusal names what is missing (an attribute or dataset); a whole group missing may
      // be found as what no longer matches (a hub's edge out of range).
      const bool named = item.group || message.find(item.name()) != std::string::npos ||
                         message.find(item.object) != std::string::npos;
      QVERIFY2(named, qPrintable(QString::fromStdString("without " + item.label() + ": " + message)));
    }
    qInfo("%zu names written: %d refused when missing, %d optional", items.size(), refused, optional);
    QVERIFY2(unread.isEmpty(), qPrintable(QStringLiteral("written but never read: ") + unread.join(QStringLiteral(", "))));
  }
};

QTEST_GUILESS_MAIN(TestRuntimeGraphSchema)
#include "test_runtime_graph_schema.moc"
