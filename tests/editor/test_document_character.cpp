// The project's character in the editor document (File > Character…, Remove Character): core's
// setProjectCharacter through one undo step each way, on the calling thread and as a job;
// a character on another skeleton or a file that is not one refused with core's message, the
// document unchanged.
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include "document/document.h"
#include "document/job_runner.h"
#include "fatgraph/core/io/gltf_import.h"

using fatgraph::editor::Document;

namespace {

QString dataFile(const char* relative) { return QStringLiteral(FATGRAPH_DATA_DIR "/") + QString::fromUtf8(relative); }
const QString kKnight = dataFile("characters/knight.glb");
const QString kFox = dataFile("characters/fox.glb");

int knightVertices() { return fatgraph::importGltfCharacter(kKnight.toStdString()).mesh.vertexCount(); }

}  // namespace

class TestDocumentCharacter : public QObject {
  Q_OBJECT

 private slots:
  void chooseUndoRedoRemove() {
    Document document;
    QCOMPARE(document.openFile(kKnight), QString());
    const int steps = document.undoStack()->count();
    const int clips = document.clipCount();
    QCOMPARE(document.setCharacter(kKnight), QString());
    QCOMPARE(document.project().character.source, kKnight.toStdString());
    QCOMPARE(document.project().character.mesh.vertexCount(), knightVertices());
    QCOMPARE(document.undoStack()->count(), steps + 1);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Character knight.glb"));
    QCOMPARE(document.clipCount(), clips);
    QVERIFY(document.isModified());

    QCOMPARE(document.undo(), QString());
    QVERIFY(document.project().character.empty());
    QCOMPARE(document.redo(), QString());
    QCOMPARE(document.project().character.mesh.vertexCount(), knightVertices());

    QSignalSpy changed(&document, &Document::characterChanged);
    QCOMPARE(document.removeCharacter(), QString());
    QVERIFY(document.project().character.empty());
    QCOMPARE(changed.count(), 1);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Remove the character"));
    QCOMPARE(document.undo(), QString());
    QCOMPARE(document.project().character.mesh.vertexCount(), knightVertices());
    QCOMPARE(changed.count(), 2);
    // Nothing to remove: no step.
    QCOMPARE(document.redo(), QString());
    const int after = document.undoStack()->count();
    QCOMPARE(document.removeCharacter(), QString());
    QCOMPARE(document.undoStack()->count(), after);
  }

  void chosenOnTheWorker() {
    Document document;
    QCOMPARE(document.openFile(kKnight), QString());
    QCOMPARE(document.startSetCharacter(kKnight), QString());
    QVERIFY(document.jobs()->waitForFinished(-1));
    QCOMPARE(document.project().character.mesh.vertexCount(), knightVertices());
  }

  void refusedWithCoresMessage_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    QTest::newRow("another skeleton") << kFox << "no joint of the character follows the clips' pelvis";
    QTest::newRow("no such file") << dataFile("characters/none.glb") << "none.glb";
    QTest::newRow("not glTF") << dataFile("README.md") << "is not a character file (expected .gltf, .glb or .fbx)";
  }
  void refusedWithCoresMessage() {
    QFETCH(QString, file);
    QFETCH(QString, message);
    for (const bool onWorker : {false, true}) {
      Document document;
      QCOMPARE(document.openFile(kKnight), QString());
      QCOMPARE(document.setCharacter(kKnight), QString());
      const int steps = document.undoStack()->count();
      QSignalSpy errors(&document, &Document::errorOccurred);
      if (onWorker) {
        QCOMPARE(document.startSetCharacter(file), QString());
        QVERIFY(document.jobs()->waitForFinished(-1));
      } else {
        QVERIFY(!document.setCharacter(file).isEmpty());
      }
      QCOMPARE(errors.count(), 1);
      const QString error = errors.first().first().toString();
      QVERIFY2(error.contains(message) && error.startsWith(file), qPrintable(error));
      QCOMPARE(document.undoStack()->count(), steps);
      QCOMPARE(document.project().character.source, kKnight.toStdString());
      QCOMPARE(document.project().character.mesh.vertexCount(), knightVertices());
    }
  }
};

QTEST_GUILESS_MAIN(TestDocumentCharacter)
#include "test_document_character.moc"
