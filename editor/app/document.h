#pragma once
// The editor's document: one core Project (a skeleton and the clips recorded on it), the clip
// the user is looking at, and the undo stack every edit goes through.
//
// Opening files never leaves the document half-changed: a file either loads completely or
// the document stays exactly as it was and the caller gets a one-line message (also emitted
// as errorOccurred). The low-level mutators (insertClip, takeClip, ...) exist for the undo
// commands in commands/; views and models call the edit methods, which push commands.
#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

#include "fatgraph/core/project.h"

class QUndoStack;

namespace fatgraph::editor {

/// A clip plus what the editor knows about where it came from.
struct DocumentClip {
  Clip clip;
  QString units;  // the length unit the file used, e.g. "cmu (detected)"; "m" from a project
};

class Document : public QObject {
  Q_OBJECT

 public:
  explicit Document(QObject* parent = nullptr);
  ~Document() override;

  const Project& project() const { return project_; }
  const Skeleton& skeleton() const { return project_.skeleton; }
  /// The file the skeleton came from (first clip or project file); empty when none.
  const QString& skeletonSource() const { return skeletonSource_; }
  int clipCount() const { return static_cast<int>(project_.clips.size()); }
  const Clip& clip(int index) const { return project_.clips.at(static_cast<size_t>(index)); }
  QString clipName(int index) const;
  const QString& clipUnits(int index) const { return units_.at(static_cast<size_t>(index)); }
  /// Index of the clip shown in the views, or -1 when there is none.
  int currentClip() const { return current_; }
  /// The .fgproj this document was opened from or last saved to; empty when never saved.
  const QString& filePath() const { return filePath_; }
  bool isModified() const;
  QUndoStack* undoStack() const { return undoStack_; }

  /// True for the file types openFile understands (.bvh, .fgproj).
  static bool isSupportedFile(const QString& path);

  // Edits. Each returns an empty string on success, else a one-line reason (also emitted
  // as errorOccurred); on failure the document is unchanged.
  /// Opens a .fgproj (replaces the document) or adds a BVH clip (undoable).
  QString openFile(const QString& path);
  /// Opens several files in order; returns the messages of those that failed.
  QStringList openFiles(const QStringList& paths);
  /// Adds the clip of a BVH file. The first clip sets the skeleton; later clips must have
  /// the same joint names and parents (Skeleton::sameTopology).
  QString addBvh(const QString& path);
  /// Replaces the document with a project file; clears the undo history.
  QString openProject(const QString& path);
  /// Writes the project (core saves atomically) and marks the document clean.
  QString saveProjectAs(const QString& path);
  /// Pushes a command removing clip `index`.
  QString removeClip(int index);
  /// Pushes a command renaming clip `index`; names must be non-empty and unique.
  QString renameClip(int index, const QString& name);

  void setCurrentClip(int index);

  // Low-level mutators for undo commands. They keep `current` pointing at the same clip
  // where possible and emit the matching signals.
  void insertClip(int index, DocumentClip clip);
  DocumentClip takeClip(int index);
  void setClipName(int index, const std::string& name);
  void setSkeleton(Skeleton skeleton, const QString& source);

 signals:
  void clipAboutToBeInserted(int index);
  void clipInserted(int index);
  void clipAboutToBeRemoved(int index);
  void clipRemoved(int index);
  void clipChanged(int index);
  void aboutToReset();
  void reset();
  /// The clip shown changed (another clip, or none: -1). Not emitted when only the index of
  /// the same clip shifts because a clip before it was inserted or removed.
  void currentClipChanged(int index);
  void modifiedChanged(bool modified);
  void filePathChanged(const QString& path);
  void errorOccurred(const QString& message);

 private:
  QString fail(const QString& message);
  QString uniqueClipName(const std::string& base) const;

  Project project_;
  std::vector<QString> units_;  // parallel to project_.clips
  QString skeletonSource_;
  QString filePath_;
  int current_ = -1;
  QUndoStack* undoStack_;
};

}  // namespace fatgraph::editor
