// FATGRAPH_VERIFY_THROWS(Type, text, expression...): the negative test of code that throws.
// Like Qt's QVERIFY_THROWS_EXCEPTION it fails the test unless the expression throws `Type`;
// it also checks how it failed: the exception's what() must contain `text` (a string literal,
// std::string or QString naming what went wrong). No exception, another exception or another
// message fails the test, saying which and quoting the message. The expression comes last so
// that the commas of braced arguments need no extra parentheses:
//
//   FATGRAPH_VERIFY_THROWS(fatgraph::Error, "frame count -1", cutSegments({}, {10, -1}));
#pragma once

#include <QString>
#include <QTest>
#include <exception>
#include <string>

namespace fatgraph::test {

inline QString expectedText(const char* text) { return QString::fromUtf8(text); }
inline QString expectedText(const std::string& text) { return QString::fromStdString(text); }
inline QString expectedText(const QString& text) { return text; }

// Runs `work`. Returns true when it threw `Exception` with `expected` in its what(); otherwise
// records a Qt Test failure at file:line naming `expression` and what happened instead.
template <typename Exception, typename Work>
bool throwsWithMessage(Work&& work, const QString& expected, const char* exceptionName, const char* expression,
                       const char* file, int line) {
  QString instead;
  try {
    work();
    instead = QStringLiteral("it threw nothing");
  } catch (const Exception& e) {
    const QString what = QString::fromUtf8(e.what());
    if (what.contains(expected)) return true;
    instead = QStringLiteral("its message was \"%1\"").arg(what);
  } catch (const std::exception& e) {
    instead = QStringLiteral("it threw another exception: \"%1\"").arg(QString::fromUtf8(e.what()));
  } catch (...) {
    instead = QStringLiteral("it threw something that is no std::exception");
  }
  const QString message = QStringLiteral("Expected %1 with \"%2\" from %3, but %4")
                              .arg(QString::fromUtf8(exceptionName), expected, QString::fromUtf8(expression), instead);
  QTest::qFail(message.toUtf8().constData(), file, line);
  return false;
}

}  // namespace fatgraph::test

#define FATGRAPH_VERIFY_THROWS(Exception, text, ...)                                                      \
  do {                                                                                                    \
    if (!::fatgraph::test::throwsWithMessage<Exception>([&] { (void)(__VA_ARGS__); },                     \
                                                        ::fatgraph::test::expectedText(text), #Exception, \
                                                        #__VA_ARGS__, __FILE__, __LINE__))                \
      return;                                                                                             \
  } while (false)
