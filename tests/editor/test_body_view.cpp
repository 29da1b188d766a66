// The character's body in the viewport, rendered for real (Xvfb + Mesa): the palette the
// viewport uploads is the pose's skinning palette (checked against matrices built here from
// FK and the rest pose), it follows the blend preview's poses and the Play dock's live player,
// the body covers far more of the
// picture than the bones on real clips of two rigs, View > Character switches what is
// drawn, and a character's base-colour texture shows its colours where its coordinates say. Exits 77 (SKIPPED) when there is no X display.
#include <QAction>
#include <QApplication>
#include <QSurfaceFormat>
#include <QTemporaryDir>
#include <QTest>

#include <Eigen/Geometry>

#include <cstdio>

#include "one_hub_request.h"
#include "app/main_window.h"
#include "app/screenshot_run.h"
#include "app/window_capture.h"
#include "docks/play_dock.h"
#include "document/document.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/io/project_character.h"
#include "fatgraph/core/io/project_store.h"
#include "fatgraph/eigen_bridge.h"
#include "views/body_display.h"
#include "views/viewport.h"
#include "image_pixels.h"
#include "gl_test_main.h"

using fatgraph::editor::BodyDisplay;
using fatgraph::editor::Viewport;

namespace {

QString dataFile(const char* relative) {
  return QStringLiteral(FATGRAPH_DATA_DIR "/") + QString::fromLatin1(relative);
}

/// Pixels that differ clearly from the viewport's background.
int coverage(const QImage& image) {
  const QColor background = Viewport::backgroundColor();
  int count = 0;
  for (int y = 0; y < image.height(); ++y) {
    for (int x = 0; x < image.width(); ++x) {
      const QRgb p = image.pixel(x, y);
      count += qAbs(qRed(p) - background.red()) >= 12 ||
               qAbs(qGreen(p) - background.green()) >= 12 ||
               qAbs(qBlue(p) - background.blue()) >= 12;
    }
  }
  return count;
}

/// The palette written out from its definition (runtime/skinning.h): M_i = A_i B_i^-1 with
/// A_i the joint's model transform in the pose and B_i its transform in the rest pose, where
/// every rotation is the identity, so B_i is a translation to the summed rest offsets.
std::vector<Eigen::Matrix4d> expectedPalette(const fatgraph::Skeleton& skeleton,
                                             std::span<const fatgraph::Quat> rotations,
                                             std::span<const fatgraph::Vec3> positions) {
  const auto n = static_cast<size_t>(skeleton.jointCount());
  std::vector<fatgraph::Vec3> rest(n);
  std::vector<Eigen::Matrix4d> palette(n);
  for (size_t i = 0; i < n; ++i) {
    const int parent = skeleton.parents[i];
    rest[i] = skeleton.restOffsets[i] +
              (parent < 0 ? fatgraph::Vec3::Zero() : rest[static_cast<size_t>(parent)]);
    Eigen::Affine3d pose = Eigen::Translation3d(positions[i]) * rotations[i];
    Eigen::Affine3d unbind(Eigen::Translation3d(-rest[i]));
    palette[i] = (pose * unbind).matrix();
  }
  return palette;
}

/// Largest difference between the viewport's palette and the expected one.
double paletteError(const Viewport& view, const std::vector<Eigen::Matrix4d>& expected) {
  const auto& palette = view.body().palette();
  if (palette.size() != expected.size()) return 1e9;
  double worst = 0;
  for (size_t i = 0; i < palette.size(); ++i) {
    worst = std::max(worst, (fatgraph::toEigen(palette[i]).cast<double>() - expected[i]).cwiseAbs().maxCoeff());
  }
  return worst;
}

/// Two palettes equal matrix by matrix.
bool samePalette(const std::vector<fatgraph::Float4x4>& a, const std::vector<fatgraph::Float4x4>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (fatgraph::toEigen(a[i]) != fatgraph::toEigen(b[i])) return false;
  return true;
}

}  // namespace

class TestBodyView : public QObject {
  Q_OBJECT

 private:
  fatgraph::BvhImport walk_;

  /// The viewport's picture with the character drawn as `display`.
  static QImage render(Viewport& view, BodyDisplay display) {
    view.setBodyDisplay(display);
    return view.grabFramebuffer();
  }

 private slots:
  void initTestCase() {
    walk_ = fatgraph::importBvh(dataFile("cmu-leonardo-ono-roll/144_03.bvh").toStdString());
    QVERIFY(walk_.clip.frameCount() > 600);
  }

  void defaultIsBodyWithBones() { QCOMPARE(Viewport().bodyDisplay(), BodyDisplay::Both); }

  void paletteIsThePosesSkinningPalette() {
    Viewport view;
    view.setClip(walk_.skeleton, walk_.clip);
    QCOMPARE(view.bodyProblem(), QString());
    QCOMPARE(view.body().mesh().jointCount(), walk_.skeleton.jointCount());
    QVERIFY(view.body().mesh().vertexCount() > 500);
    qInfo("walk body: %d vertices, %d triangles, %d joints", view.body().mesh().vertexCount(),
          view.body().mesh().triangleCount(), view.body().mesh().jointCount());
    for (int frame : {0, 600, 2400}) {
      view.showFrame(walk_.skeleton, walk_.clip, frame);
      const auto n = static_cast<size_t>(walk_.skeleton.jointCount());
      std::vector<fatgraph::Quat> rotations(n);
      std::vector<fatgraph::Vec3> positions(n);
      fatgraph::clipFrameToModel(walk_.skeleton, walk_.clip, frame, rotations, positions);
      // Float palette of poses metres from the origin: 1e-4 m.
      const double error =
          paletteError(view, expectedPalette(walk_.skeleton, rotations, positions));
      QVERIFY2(error < 1e-4, qPrintable(QStringLiteral("frame %1: %2").arg(frame).arg(error)));
    }
  }

  void paletteFollowsThePreviewPose() {
    // The blend preview and the Play dock show world poses through showPose.
    Viewport view;
    view.setClip(walk_.skeleton, walk_.clip);
    view.showFrame(walk_.skeleton, walk_.clip, 600);
    const std::vector<fatgraph::Float4x4> clipPalette = view.body().palette();
    const auto n = static_cast<size_t>(walk_.skeleton.jointCount());
    std::vector<fatgraph::Quat> rotations(n);
    std::vector<fatgraph::Vec3> positions(n);
    fatgraph::clipFrameToModel(walk_.skeleton, walk_.clip, 300, rotations, positions);
    const fatgraph::Quat turn(Eigen::AngleAxisd(0.7, fatgraph::Vec3::UnitY()));
    for (size_t i = 0; i < n; ++i) {  // placed elsewhere in the world
      rotations[i] = turn * rotations[i];
      positions[i] = turn * positions[i] + fatgraph::Vec3(2.0, 0.0, -1.5);
    }
    view.showPose(walk_.skeleton, rotations, positions);
    QVERIFY(paletteError(view, expectedPalette(walk_.skeleton, rotations, positions)) < 1e-4);
    view.clearPose();
    QVERIFY(samePalette(view.body().palette(), clipPalette));
  }

  void paletteFollowsTheLivePlayer() {
    fatgraph::editor::MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({dataFile("cmu-leonardo-ono-roll/144_03.bvh")}), QStringList());
    QCOMPARE(window.document()->buildGraph(oneHubRequest()), QString());
    auto* dock = window.findChild<fatgraph::editor::PlayDock*>();
    QVERIFY(dock != nullptr);
    QVERIFY(dock->play());
    dock->waitForGraph();
    QVERIFY(dock->preview().isReady());
    const Viewport& view = *window.viewport();
    for (int tick = 0; tick < 45; ++tick) {
      dock->advance(1.0 / 30.0);
      if (tick % 15 != 14) continue;
      const fatgraph::editor::PlayerPreview& preview = dock->preview();
      const double error = paletteError(view, expectedPalette(preview.skeleton(),
                                                              preview.worldRotations(),
                                                              preview.worldPositions()));
      QVERIFY2(error < 1e-4, qPrintable(QStringLiteral("tick %1: %2").arg(tick).arg(error)));
    }
    dock->stop();
  }

  void bodyCoversMoreThanBones_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("frame");
    QTest::newRow("walk") << dataFile("cmu-leonardo-ono-roll/144_03.bvh") << 600;
    QTest::newRow("kick") << dataFile("cmu-leonardo-ono-roll/144_05.bvh") << 300;
    QTest::newRow("another rig") << dataFile("cmu-bvh11/131_03.bvh") << 200;
  }

  void bodyCoversMoreThanBones() {
    QFETCH(QString, file);
    QFETCH(int, frame);
    const fatgraph::BvhImport clip = fatgraph::importBvh(file.toStdString());
    QVERIFY(clip.clip.frameCount() > frame);
    Viewport view;
    view.resize(480, 360);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setClip(clip.skeleton, clip.clip);
    view.showFrame(clip.skeleton, clip.clip, frame);
    view.setShowGrid(false);
    view.setShowTrajectory(false);
    view.frameCharacter();
    const QImage bones = render(view, BodyDisplay::Bones);
    const QImage body = render(view, BodyDisplay::Body);
    const QImage both = render(view, BodyDisplay::Both);
    const int bonePixels = coverage(bones);
    const int bodyPixels = coverage(body);
    qInfo("%s: bones %d px, body %d px, both %d px", QTest::currentDataTag(), bonePixels,
          bodyPixels, coverage(both));
    QVERIFY(bonePixels > 500);
    QVERIFY2(bodyPixels > 3 * bonePixels, qPrintable(QString::number(bodyPixels)));
    // The faint bones show through the body.
    QVERIFY(differingPixels(body, both) > 200);
    QVERIFY(coverage(both) >= bodyPixels);
  }

  // The user's character (build --character) is drawn instead of the generated body: its own
  // vertices, one draw per material, and the picture shows the materials' colours (the knight's
  // skin tone, linear 0.60 0.45 0.26, appears sRGB-encoded and lit, reddish over bluish).
  void userCharacterReplacesTheGeneratedBody() {
    const fatgraph::GltfImport knight = fatgraph::importGltfCharacter(dataFile("characters/knight.glb").toStdString());
    Viewport view;
    view.resize(480, 360);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setCharacter(knight.mesh);
    view.setClip(knight.skeleton, knight.clips[0]);
    QCOMPARE(view.body().mesh().vertexCount(), knight.mesh.vertexCount());
    QCOMPARE(view.body().parts().size(), knight.mesh.parts.size());
    view.setShowGrid(false);
    view.setShowTrajectory(false);
    view.frameCharacter();
    const QImage body = render(view, BodyDisplay::Body);
    int warm = 0;
    for (int y = 0; y < body.height(); ++y) {
      for (int x = 0; x < body.width(); ++x) {
        const QRgb p = body.pixel(x, y);
        warm += qRed(p) > qBlue(p) + 40;
      }
    }
    QVERIFY2(coverage(body) > 2000, qPrintable(QString::number(coverage(body))));
    QVERIFY2(warm > 100, qPrintable(QString::number(warm)));
    // An empty character brings the generated body back.
    view.setCharacter({});
    view.setClip(knight.skeleton, knight.clips[0]);
    QVERIFY(view.body().mesh().vertexCount() != knight.mesh.vertexCount());
    QVERIFY(view.body().parts().empty());
  }

  // The knight given a two-texel texture, green on its right (-x) and magenta on its left, in
  // white materials: the picture shows both texels' colours, lit, and no untextured grey.
  void texturedCharacterShowsItsTexture() {
    fatgraph::GltfImport knight = fatgraph::importGltfCharacter(dataFile("characters/knight.glb").toStdString());
    fatgraph::CharacterMesh& mesh = knight.mesh;
    mesh.textures = {{"halves", 2, 1, {20, 220, 20, 255, 220, 20, 220, 255}}};
    for (fatgraph::CharacterMaterial& m : mesh.materials) {
      m.baseColor = {1.0f, 1.0f, 1.0f, 1.0f};
      m.texture = 0;
    }
    mesh.uvs.clear();
    for (const fatgraph::Float3& p : mesh.positions) mesh.uvs.push_back({p.x < 0 ? 0.25f : 0.75f, 0.5f});
    QCOMPARE(QString::fromStdString(mesh.validate(knight.skeleton.jointCount())), QString());
    Viewport view;
    view.resize(480, 360);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setCharacter(mesh);
    view.setClip(knight.skeleton, knight.clips[0]);
    QCOMPARE(view.body().textures().size(), size_t{1});
    QCOMPARE(view.body().parts().front().texture, 0);
    view.setShowGrid(false);
    view.setShowTrajectory(false);
    view.frameCharacter();
    const QImage body = render(view, BodyDisplay::Body);
    int green = 0, magenta = 0;
    for (int y = 0; y < body.height(); ++y) {
      for (int x = 0; x < body.width(); ++x) {
        const QRgb p = body.pixel(x, y);
        green += qGreen(p) > qRed(p) + 60 && qGreen(p) > qBlue(p) + 60;
        magenta += qRed(p) > qGreen(p) + 60 && qBlue(p) > qGreen(p) + 60;
      }
    }
    qInfo("textured knight: %d green px, %d magenta px of %d covered", green, magenta, coverage(body));
    QVERIFY2(green > 500 && magenta > 500, qPrintable(QStringLiteral("%1 green, %2 magenta").arg(green).arg(magenta)));
    QVERIFY(green + magenta > coverage(body) / 2);
  }

  // File > Character… sets the document's character (driven here through the document, not the
  // file dialog): the viewport shows its mesh at once, on the frame shown; a refused file is
  // shown with core's message and changes nothing; Remove Character brings the generated body
  // back, and undo the character.
  void fileMenuCharacterAndRemove() {
    fatgraph::editor::MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({dataFile("characters/knight.glb")}), QStringList());
    window.show();
    QVERIFY(fatgraph::editor::waitUntilExposed(window));
    QVERIFY(window.showFrame(10));
    const Viewport& view = *window.viewport();
    const int generated = view.body().mesh().vertexCount();
    auto* remove = window.findChild<QAction*>(QStringLiteral("removeCharacterAction"));
    QVERIFY(remove != nullptr && window.findChild<QAction*>(QStringLiteral("characterAction")) != nullptr);
    QVERIFY(!remove->isEnabled());
    fatgraph::editor::Document& document = *window.document();
    QCOMPARE(document.setCharacter(dataFile("characters/knight.glb")), QString());
    const int knight = document.project().character.mesh.vertexCount();
    QCOMPARE(view.body().mesh().vertexCount(), knight);
    QVERIFY(view.body().canDraw());
    QVERIFY(remove->isEnabled());
    QVERIFY(!document.setCharacter(dataFile("characters/fox.glb")).isEmpty());
    QVERIFY2(window.lastError().contains(QLatin1String("no joint of the character follows the clips' pelvis")), qPrintable(window.lastError()));
    QCOMPARE(view.body().mesh().vertexCount(), knight);
    remove->trigger();
    QVERIFY(document.project().character.empty());
    QCOMPARE(view.body().mesh().vertexCount(), generated);
    QVERIFY(!remove->isEnabled());
    QCOMPARE(document.undo(), QString());
    QCOMPARE(view.body().mesh().vertexCount(), knight);
  }

  // A project saved with a character opens with it: the viewport --screenshot renders (as
  // `--view viewport --body body`) shows its mesh in its materials' colours.
  void projectCharacterInTheScreenshot() {
    const std::string knight = dataFile("characters/knight.glb").toStdString();
    const fatgraph::GltfImport clips = fatgraph::importGltf(knight);
    fatgraph::Project project;
    project.skeleton = clips.skeleton;
    project.clips = {clips.clips[1]};
    fatgraph::setProjectCharacter(project, knight);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("knight.fgproj"));
    fatgraph::saveProject(project, path.toStdString());
    fatgraph::editor::MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({path}), QStringList());
    window.setBodyDisplay(BodyDisplay::Body);
    window.show();
    QVERIFY(fatgraph::editor::waitUntilExposed(window));
    QVERIFY(window.showFrame(0));
    window.viewport()->frameCharacter();
    QString error;
    const QImage image = fatgraph::editor::renderView(window, QStringLiteral("viewport"), QSize(640, 480), &error);
    QCOMPARE(error, QString());
    QCOMPARE(window.viewport()->body().mesh().vertexCount(), project.character.mesh.vertexCount());
    int warm = 0;  // the skin tone, as in userCharacterReplacesTheGeneratedBody
    for (int y = 0; y < image.height(); ++y)
      for (int x = 0; x < image.width(); ++x) warm += qRed(image.pixel(x, y)) > qBlue(image.pixel(x, y)) + 40;
    QVERIFY2(warm > 100, qPrintable(QString::number(warm)));
  }

  void characterMenuSwitchesWhatIsDrawn() {
    fatgraph::editor::MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({dataFile("cmu-leonardo-ono-roll/144_03.bvh")}), QStringList());
    window.show();
    QVERIFY(fatgraph::editor::waitUntilExposed(window));
    QVERIFY(window.showFrame(150));
    Viewport* view = window.viewport();
    auto* bonesItem = window.findChild<QAction*>(QStringLiteral("bodyDisplay_bones"));
    auto* bodyItem = window.findChild<QAction*>(QStringLiteral("bodyDisplay_body"));
    auto* bothItem = window.findChild<QAction*>(QStringLiteral("bodyDisplay_both"));
    QVERIFY(bonesItem && bodyItem && bothItem);
    QVERIFY(bothItem->isChecked());

    QString error;
    const QSize size(640, 480);
    const QImage both = fatgraph::editor::renderView(window, QStringLiteral("viewport"), size,
                                                     &error);
    bonesItem->trigger();
    QCOMPARE(view->bodyDisplay(), BodyDisplay::Bones);
    const QImage bones = fatgraph::editor::renderView(window, QStringLiteral("viewport"), size,
                                                      &error);
    bodyItem->trigger();
    QCOMPARE(view->bodyDisplay(), BodyDisplay::Body);
    const QImage body = fatgraph::editor::renderView(window, QStringLiteral("viewport"), size,
                                                     &error);
    QCOMPARE(error, QString());
    // With the overlays (grid, paths, footprints, legs) off and the camera on the character,
    // the body covers far more than the bones.
    window.setBodyDisplay(BodyDisplay::Bones);
    QVERIFY(bonesItem->isChecked());
    view->setShowGrid(false);
    view->setShowTrajectory(false);
    view->setShowLegs(false);
    view->setShowFootprints(false);
    view->setShowFootbasePaths(false);
    view->frameCharacter();
    const int bonesOnly = coverage(fatgraph::editor::renderView(window, QStringLiteral("viewport"),
                                                                size, &error));
    window.setBodyDisplay(BodyDisplay::Body);
    QVERIFY(bodyItem->isChecked());
    const int bodyOnly = coverage(fatgraph::editor::renderView(window, QStringLiteral("viewport"),
                                                               size, &error));
    qInfo("640x480 at frame 150: bones %d px, body %d px", bonesOnly, bodyOnly);
    QVERIFY2(bodyOnly > 3 * bonesOnly, qPrintable(QStringLiteral("%1 vs %2").arg(bodyOnly)
                                                      .arg(bonesOnly)));
    QVERIFY(differingPixels(both, bones) > 500);
    QVERIFY(differingPixels(both, body) > 100);
    QVERIFY(differingPixels(bones, body) > 500);
  }
};

FATGRAPH_GL_TEST_MAIN(TestBodyView)

#include "test_body_view.moc"
