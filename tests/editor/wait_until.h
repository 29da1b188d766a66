#pragma once
// Waiting without a clock: spins the event loop until `done()` holds, however long that takes
// on a loaded machine. A test that waits for a worker, a timer or a queued event then fails on
// its own checks; one that never gets there is ended by ctest's TIMEOUT.
#include <QTest>

template <typename Predicate>
void waitUntil(Predicate done) {
  while (!done()) QTest::qWait(10);
}
